// The cover window (spec 3 sections 5 "Images" and 7): the activity's cover
// and, when it belongs to one, its activity group's, each uploaded with the
// cover picker (10 MB, png or jpeg) and saved with /activity/face/save and
// /activity/team/face/save.
import type { Answer } from "../../../../src/protocol/result";
import { isSuccess } from "../../../../src/protocol/result";
import { api } from "../../../api";
import { FormDialog, useFormDialog } from "../../../components/form-dialog";
import { CoverField } from "../../../components/image-upload";
import { showMessage } from "../../../components/message-box";
import { useT } from "../../../i18n";
import type { ToolWindowProps } from "./tool-types";

type Field = "face" | "teamFace";
type Form = { face: string | null; teamFace: string | null };

export default function CoverEditor({ activity: a, onClose, onChanged }: ToolWindowProps) {
  const t = useT();
  const team = a.team;
  const editor = useFormDialog<Form, Field>({
    id: "cover",
    fields: ["face", "teamFace"],
    initial: () => ({ face: a.face ?? null, teamFace: team?.face ?? null }),
    validate: () => ({}),
    // Each cover is its own call; the group's is sent only when it changed, and only after the activity's succeeded.
    send: async (form): Promise<Answer<object>> => {
      const own = await api.call("/activity/face/save", { id: a.id, face: form.face });
      if (!isSuccess(own) || !team || form.teamFace === (team.face ?? null)) return own;
      const group = await api.call("/activity/team/face/save", { id: team.id, face: form.teamFace });
      return isSuccess(group) ? group : { ...group, message: { ...group.message, params: { ...group.message.params, field: "teamFace" } } };
    },
    refused: (message) => (message.params?.field === "face" || message.params?.field === "teamFace" ? { field: message.params.field, error: "upload.wrongType" } : null),
    accepted: async () => {
      await showMessage(t("editor.saved"));
      onChanged();
      onClose();
    },
  });
  return (
    <FormDialog editor={editor} title={t("editor.cover.title")} saveLabel={t("editor.cover.save")} onClose={onClose} width={560} className="cover-form" testId="cover-editor">
      <CoverField
        value={editor.form.face}
        onChange={(face) => editor.update({ face })}
        label={t("editor.cover.activity")}
        hint={t("editor.cover.activityHint")}
        alt={t("editor.cover.alt")}
        testId="cover-face"
      />
      {team ? (
        <CoverField
          value={editor.form.teamFace}
          onChange={(teamFace) => editor.update({ teamFace })}
          label={t("editor.cover.team")}
          hint={t("editor.cover.teamHint")}
          alt={t("editor.cover.alt")}
          testId="cover-teamFace"
        />
      ) : (
        <p className="muted">{t("editor.cover.noTeam")}</p>
      )}
    </FormDialog>
  );
}
