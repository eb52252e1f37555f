// The activity's video: /video/info gives a short-lived play address (a grant,
// not the session), asked for when the page shows the player.
import { useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useT } from "../../i18n";
import { useLoaded } from "../../lib/use-loaded";

export function VideoPlayer({ videoId }: { videoId: string }) {
  const t = useT();
  const url = useLoaded(() => api.call("/video/info", { id: videoId }).then((answer) => (isSuccess(answer) && answer.info ? answer.info.playURL : false)), [videoId]);
  // The address may also fail in the player itself (expired, or a format the browser cannot play).
  const [unplayable, setUnplayable] = useState(false);
  const failed = url === false || unplayable;
  return (
    <section className="panel activity-video" aria-labelledby="activity-video">
      <h2 id="activity-video" className="section-title">
        {t("activity.video")}
      </h2>
      {failed ? <p className="muted">{t("activity.videoFailed")}</p> : null}
      {url ? <video src={url} controls preload="metadata" onError={() => setUnplayable(true)} data-testid="video" /> : null}
    </section>
  );
}
