// What the applicant's page and the staff's review page share: the states an
// application is in, and a file's size as people read it.
import { type Translate, isOneOf } from "../../i18n";

/** The sign-in page with its activation window open: where an approved applicant (or a member applying by mistake) goes. */
export const ACTIVATE_HREF = "/?activate=1";

export const APPLICATION_STATES = ["pending", "approved", "rejected"] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** A state's name; a state this build does not know shows as it came. */
export const stateText = (t: Translate, state: string) => (isOneOf(APPLICATION_STATES, state) ? t(`joining.states.${state}`) : state);

/** 5242880 -> "5 MB", 12345 -> "12.1 KB": whole megabytes stay whole. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** The state tag of an application: a coloured pill with the state's name. */
export function StateTag({ state, t }: { state: string; t: Translate }) {
  return (
    <span className={`join-state join-state-${state}`} data-state={state} data-testid="application-state">
      {stateText(t, state)}
    </span>
  );
}
