// News and notices (spec 2 "News and notices"): the list of either kind
// (/news/list?type=news|notice: notices with the "new" mark, date and title;
// news with cover and title; 15 a page) and an item (/news/info?id=: title,
// a notice's date with seconds, the server-cleaned content). Holders of
// FUNCTION_NEWS_EDIT create from the list, and edit or delete an item.
import { formatChinaDateTime } from "../../lib/china-time";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useSnapshot } from "valtio";
import type { AnswerOf, ItemOf } from "../../../src/domains/api";
import { isSuccess } from "../../../src/protocol/result";
import { NEWS_TYPE } from "../../../src/protocol/enumerations";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { CardList } from "../../components/card-list";
import { Emblem } from "../../components/emblem";
import { StaleNote } from "../../components/stale-note";
import { confirm, showMessage } from "../../components/message-box";
import { pick, pickHtml, resultText, useT } from "../../i18n";
import { useFilteredPages } from "../../lib/use-filtered-pages";
import { useLoader } from "../../lib/use-loaded";
import { session } from "../../state/session";
import { type EditedNews, NewsEditorDialog, kindOf } from "./news-editor-dialog";

type Row = ItemOf<"/news/list">;
type Kind = "news" | "notice";

const TYPE_OF: Record<Kind, number> = { news: NEWS_TYPE.NEWS_TYPE_NEWS, notice: NEWS_TYPE.NEWS_TYPE_NOTICE };
const listHref = (kind: Kind) => `/news/list?type=${kind}`;

function useCanEdit(): boolean {
  const { user } = useSnapshot(session);
  return user?.status?.powers?.some((p) => p.code === "FUNCTION_NEWS_EDIT") ?? false;
}

/** A title as it was typed (the server keeps < and > escaped), in the page's language. */
function useTitle() {
  const { language } = useSnapshot(session);
  return (row: { nameZh: string; nameEn: string }) => pick(language, row.nameZh, row.nameEn);
}

export function NewsListPage() {
  // Anything but news is the notices (the home page's MORE links always name the kind).
  const kind: Kind = new URLSearchParams(useSearch()).get("type") === "news" ? "news" : "notice";
  // A new kind is a new list: its page, its answer.
  return <NewsList key={kind} kind={kind} />;
}

function NewsList({ kind }: { kind: Kind }) {
  const t = useT();
  const title = useTitle();
  const canEdit = useCanEdit();
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  // Kept for offline, shown stale (docs/decisions.md 99); nothing is created from a stale list.
  const { list, asOf, missing } = useFilteredPages("/news/list", {}, (_filter, index) => ({ type: TYPE_OF[kind], index }), { keep: "news" });
  const heading = t(`page.${kind}`);

  const notice = (row: Row) => (
    <Link href={`/news/info?id=${row.id}`} className="news-notice-link">
      {row.checked ? null : (
        <span className="news-new" data-testid="news-new">
          {t("news.unread")}
          <span className="visually-hidden"> ({t("news.unreadLabel")})</span>
        </span>
      )}
      <span className="news-notice-title" data-testid="news-title">
        {title(row)}
      </span>
      <time className="news-notice-date" dateTime={row.date}>
        {formatChinaDateTime(row.date)}
      </time>
    </Link>
  );

  const news = (row: Row) => (
    <Link href={`/news/info?id=${row.id}`} className="news-card-link">
      <span className="news-card-cover">{row.face ? <img src={row.face} alt="" loading="lazy" /> : <span className="news-card-blank" aria-hidden="true">
            <Emblem size={56} />
          </span>}</span>
      <span className="news-card-title" data-testid="news-title">
        {row.isTop ? <span className="news-pinned">{t("news.pinned")}</span> : null}
        {title(row)}
      </span>
    </Link>
  );

  return (
    <>
      <div className="news-head">
        <PageHead title={heading} />
        {canEdit && !asOf && !missing ? (
          <button type="button" className="button button-primary" data-testid="news-create" onClick={() => setCreating(true)}>
            {t(`news.create.${kind}`)}
          </button>
        ) : null}
      </div>
      <StaleNote asOf={asOf} missing={missing} />
      <div className={kind === "news" ? "news-cards" : "news-notices"} hidden={missing}>
        <CardList
          {...list}
          card={kind === "news" ? news : notice}
          cardClass={() => (kind === "news" ? "news-card" : "news-notice")}
          rowKey={(row) => row.id}
          label={t(`news.listLabel.${kind}`)}
          empty={t(`news.empty.${kind}`)}
          itemTestId={`${kind}-item`}
        />
      </div>
      {creating ? (
        <NewsEditorDialog
          type={TYPE_OF[kind]}
          item={null}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            navigate(`/news/info?id=${id}`);
          }}
        />
      ) : null}
    </>
  );
}

type Detail = NonNullable<AnswerOf<"/news/info">["news"]>;

export function NewsInfoPage() {
  const t = useT();
  const title = useTitle();
  const { language } = useSnapshot(session);
  const canEdit = useCanEdit();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get("id"));
  const [editing, setEditing] = useState(false);
  // null while loading, false when there is no such item; read again after an edit.
  const loaded = useLoader(
    async (alive) => {
      if (!Number.isInteger(id) || id <= 0) return false;
      const answer = await api.call("/news/info", { id });
      if (isSuccess(answer) && answer.news) return answer.news as Detail;
      if (alive() && answer.message?.code !== "ERROR_RESULT_NULL") void showMessage(resultText(t, answer.message));
      return false;
    },
    [id],
  );
  const item = loaded.value;

  if (item === null) return <div className="news-waiting" aria-busy="true" />;
  if (item === false)
    return (
      <>
        <PageHead title={t("page.newsInfo")} />
        <section className="panel notice-panel">
          <p>{t("news.missing")}</p>
          <Link href="/index" className="button button-quiet">
            {t("comingSoon.back")}
          </Link>
        </section>
      </>
    );

  const kind = kindOf(item.type.id) as Kind;
  const heading = title(item);
  const remove = async () => {
    if (!(await confirm(t("news.confirmDelete")))) return;
    const answer = await api.call("/news/delete", { id: item.id });
    if (!isSuccess(answer)) return showMessage(resultText(t, answer.message));
    await showMessage(t("news.deleted"));
    navigate(listHref(kind));
  };
  const edited: EditedNews = item;

  return (
    <>
      <PageHead title={heading} trail={[{ label: t(`page.${kind}`), href: listHref(kind) }, { label: heading }]} />
      <article className="panel news-article" data-testid="news-article">
        {/* Every item says when it was published: a notice to the second (spec 2), a story to the minute. */}
        <div className="news-article-meta">
          <p className="news-article-date">
            {t("news.published")} <time dateTime={item.date} data-testid="news-date">{formatChinaDateTime(item.date, kind === "notice")}</time>
          </p>
          {canEdit ? (
            <div className="news-article-tools">
              <button type="button" className="button button-quiet" data-testid="news-edit" onClick={() => setEditing(true)}>
                {t("news.edit")}
              </button>
              <button type="button" className="button button-quiet news-delete" data-testid="news-delete" onClick={() => void remove()}>
                {t("news.delete")}
              </button>
            </div>
          ) : null}
        </div>
        {kind === "news" && item.face ? <img className="news-article-cover" src={item.face} alt="" data-testid="news-cover" /> : null}
        <div className="ql-snow">
          {/* The server cleaned this HTML to the editor's vocabulary as it left (src/domains/shared/rich-text.ts). */}
          <div className="ql-editor rich-view" data-testid="news-content" dangerouslySetInnerHTML={{ __html: pickHtml(language, item.contentZh, item.contentEn) }} />
        </div>
      </article>
      {editing ? (
        <NewsEditorDialog
          type={item.type.id}
          item={edited}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            loaded.reload();
          }}
        />
      ) : null}
    </>
  );
}
