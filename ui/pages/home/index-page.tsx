// Home (/index): a welcome with the member's name and the ways into the portal.
// The banner, notices, news and activities panels arrive with their issues.
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useSnapshot } from "valtio";
import type { PropertyView } from "../../../src/domains/property/service";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { type User, session } from "../../state/session";
import { DuesStatus } from "../membership/dues-status";

/** The member's name: their value of the property whose purpose is NAME. */
export function memberName(user: Pick<User, "values">, properties: Pick<PropertyView, "id" | "purpose">[], nameId: number | undefined) {
  const property = properties.find((p) => p.purpose?.id === nameId);
  const value = property && user.values.find((v) => v.property.id === property.id)?.value;
  return typeof value === "string" ? value.trim() : "";
}

const SHORTCUTS = [
  { key: "activities", href: "/activity", desc: "home.activitiesDesc", icon: "M8 6h32v36H8zM8 16h32M16 3v7M32 3v7" },
  { key: "messages", href: "/news/list?type=notice", desc: "home.messagesDesc", icon: "M6 10h36v24H20l-8 7v-7H6z" },
  { key: "centre", href: "/information", desc: "home.centreDesc", icon: "M24 24a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM9 42c1-9 7-13 15-13s14 4 15 13" },
  { key: "mailbox", href: "/session/list", desc: "home.mailboxDesc", icon: "M6 11h36v26H6zM6 11l18 15 18-15" },
];

export function IndexPage() {
  const t = useT();
  const { user, types } = useSnapshot(session);
  const [name, setName] = useState<string | null>(null);
  const [lastSignIn, setLastSignIn] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [properties, log] = await Promise.all([
        api.call("/user/properties"),
        api.call("/system/login/log"),
      ]);
      if (!live) return;
      const found = isSuccess(properties) && properties.list && session.user;
      setName(found ? memberName(session.user!, properties.list!, session.types?.PROPERTY_PURPOSE_NAME) : "");
      // The newest entry is this sign-in; the one before it is the last visit.
      if (isSuccess(log) && log.list && log.list.length > 1) setLastSignIn(log.list[1]!.date);
    })();
    return () => {
      live = false;
    };
  }, [user?.id, types]);

  return (
    <>
      <section className="welcome" aria-labelledby="welcome-title">
        <h1 id="welcome-title" data-testid="welcome">
          {name === null ? "\u00a0" : name ? t("home.greeting", { name }) : t("home.greetingPlain")}
        </h1>
        <p>{t("home.welcome")}</p>
        {lastSignIn ? <p className="muted">{t("home.lastSignIn", { date: formatDateTime(lastSignIn) })}</p> : null}
      </section>
      <DuesStatus onlyUnpaid />
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="section-title">
          {t("home.shortcuts")}
        </h2>
        <ul className="shortcuts">
          {SHORTCUTS.map((s) => (
            <li key={s.key}>
              <Link href={s.href} className="shortcut">
                <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
                  <path d={s.icon} fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinejoin="round" strokeLinecap="round" />
                </svg>
                <span className="shortcut-title">{s.key === "mailbox" ? t("page.chatList") : t(`nav.${s.key}`)}</span>
                <span className="shortcut-desc">{t(s.desc)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
