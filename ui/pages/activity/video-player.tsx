// The activity's video: /video/info gives a short-lived play address (a grant,
// not the session), asked for when the page shows the player.
import { useEffect, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import { api } from "../../api";
import { useT } from "../../i18n";

export function VideoPlayer({ videoId }: { videoId: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void api.call("/video/info", { id: videoId }).then((answer) => {
      if (!live) return;
      if (isSuccess(answer) && answer.info) setUrl(answer.info.playURL);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [videoId]);
  return (
    <section className="panel activity-video" aria-labelledby="activity-video">
      <h2 id="activity-video" className="section-title">
        {t("activity.video")}
      </h2>
      {failed ? <p className="muted">{t("activity.videoFailed")}</p> : null}
      {url ? <video src={url} controls preload="metadata" onError={() => setFailed(true)} data-testid="video" /> : null}
    </section>
  );
}
