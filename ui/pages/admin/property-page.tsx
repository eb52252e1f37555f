// The property management page (spec 3 section 2.4, FUNCTION_PROPERTY_OPERATION_FIND):
// every property in a table (Chinese and English name and hint, type); a
// name opens the edit dialog, the add button shows with
// FUNCTION_PROPERTY_OPERATION_CREATE. Reached from member management, whose
// page also holds the membership fee button (spec 3 section 2.4).
import { useState } from "react";
import { unescapeAngles } from "../../../src/protocol/identity";
import { api } from "../../api";
import { PageHead } from "../../components/breadcrumb";
import { type Column, CardList } from "../../components/card-list";
import { dataKey, useT } from "../../i18n";
import { useLoaded } from "../../lib/use-loaded";
import { hasPower } from "../../state/session";
import { PropertyFormDialog } from "./property-form-dialog";
import type { AdminProperty } from "./property-types";

export function PropertyPage() {
  const t = useT();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<AdminProperty | "new" | null>(null);
  const loaded = useLoaded(async () => {
    const answer = await api.call("/property/all", {});
    return answer.list ?? false;
  }, [version]);
  const list = loaded || null;

  const columns: Column<AdminProperty>[] = [
    {
      key: "titleZh",
      title: t("propertyAdmin.titleZh"),
      place: "title",
      render: (p) => (
        <button type="button" className="link-button" onClick={() => setEditing(p)}>
          {unescapeAngles(p.titleZh)}
        </button>
      ),
    },
    { key: "titleEn", title: t("propertyAdmin.titleEn"), render: (p) => unescapeAngles(p.titleEn) },
    { key: "descZh", title: t("propertyAdmin.descZh"), render: (p) => unescapeAngles(p.descZh) },
    { key: "descEn", title: t("propertyAdmin.descEn"), render: (p) => unescapeAngles(p.descEn) },
    { key: "type", title: t("propertyAdmin.type"), place: "aside", render: (p) => t(dataKey("propertyAdmin.types", p.type.id)) },
  ];

  return (
    <>
      <PageHead title={t("page.propertyOperation")} trail={[{ label: t("page.userOperation"), href: "/operation/user" }, { label: t("page.propertyOperation") }]} />
      <div className="property-head">
        {hasPower("FUNCTION_PROPERTY_OPERATION_CREATE") ? (
          <button type="button" className="button button-primary" onClick={() => setEditing("new")}>
            {t("propertyAdmin.add")}
          </button>
        ) : null}
      </div>
      <CardList list={list} failed={loaded === false} onRetry={() => setVersion((v) => v + 1)} columns={columns} rowKey={(p) => p.id} onOpen={(p) => setEditing(p)} label={t("propertyAdmin.caption")} empty={t("propertyAdmin.empty")} itemTestId="property-row" />
      {editing ? (
        <PropertyFormDialog
          property={editing === "new" ? null : editing}
          all={list ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </>
  );
}
