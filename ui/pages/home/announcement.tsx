// The editor's announcement (spec 2's festive greeting, made data): shown in
// a pop-up once per member; closing it tells the server it was seen.
import { useSnapshot } from "valtio";
import type { AnswerOf } from "../../../src/domains/api";
import { api } from "../../api";
import { Dialog } from "../../components/dialog";
import { unescapeAngles } from "../../../src/protocol/identity";
import { pick, useT } from "../../i18n";
import { session } from "../../state/session";

export type Announcement = NonNullable<AnswerOf<"/announcement/current">["announcement"]>;

/** Plain text, each line a paragraph; blank lines only separate. */
export const paragraphsOf = (text: string) =>
  unescapeAngles(text)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function AnnouncementPopup({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const t = useT();
  const { language } = useSnapshot(session);
  const close = () => {
    // Seen once it is closed, whichever way; a failed call only means it may show once more.
    void api.poll("/announcement/seen", { id: announcement.id });
    onClose();
  };
  return (
    <Dialog
      title={pick(language, announcement.titleZh, announcement.titleEn)}
      onClose={close}
      width={520}
      footer={
        <button type="button" className="button button-primary" data-autofocus onClick={close}>
          {t("home.announcementOk")}
        </button>
      }
    >
      <div className="announcement-body" data-testid="announcement">
        {paragraphsOf(pick(language, announcement.bodyZh, announcement.bodyEn)).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
    </Dialog>
  );
}
