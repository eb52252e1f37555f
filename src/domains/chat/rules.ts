// The mailbox's reply rule (spec 2 section 2 "Mailbox"), pure so that the
// conversation page shows the reply box exactly when the server accepts one.

/**
 * A member may answer in their session only once the union has answered:
 * more than one message, and the last one not theirs. Managers answer at will.
 */
export const memberMayReply = (messages: readonly { mine: boolean }[]): boolean =>
  messages.length > 1 && !messages[messages.length - 1]!.mine;
