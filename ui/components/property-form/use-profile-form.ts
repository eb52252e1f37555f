// Loads the profile fields and the country list, holds the form's values and
// nationality, and runs the check before sending: what activation and the
// information page share around <PropertyForm/>.
import { useEffect, useState } from "react";
import { isSuccess } from "../../../src/protocol/result";
import type { Message } from "../../../src/protocol/result";
import { api } from "../../api";
import { t as translate } from "../../i18n";
import { session } from "../../state/session";
import { fieldId, propertyMessage } from "../property-form";
import {
  type Country,
  type FormValues,
  type Property,
  type SentValue,
  type StoredValue,
  automaticNationality,
  checkForm,
  initialValues,
  sameValues,
} from "./model";

/** Where the fields come from: a route answering them as `list`, or (the application to join's form) a load of its own, kept stable by its caller. */
export type ProfileSource = "/property/list" | "/user/properties" | (() => Promise<{ message: Message; list?: Property[] }>);

export function useProfileForm(idPrefix: string, source: ProfileSource, stored: readonly StoredValue[], storedNationality: number | null) {
  const [properties, setProperties] = useState<Property[] | null>(null);
  const [countries, setCountries] = useState<Country[]>([]);
  const [values, setValues] = useState<FormValues>(() => initialValues(stored));
  const [nationality, setNationality] = useState<number | null>(storedNationality);
  const [error, setError] = useState<{ property: number | "nationality"; text: string } | null>(null);
  const [failed, setFailed] = useState<Message | null>(null);

  const load = async () => {
    setFailed(null);
    const [props, list] = await Promise.all([
      typeof source === "function" ? source() : api.call(source),
      api.call("/user/countries"),
    ]);
    if (!isSuccess(props) || !props.list) return setFailed(props.message);
    if (!isSuccess(list) || !list.list) return setFailed(list.message);
    setCountries(list.list);
    setNationality((chosen) => automaticNationality(list.list!, chosen));
    setProperties(props.list);
  };

  useEffect(() => void load(), [source]);

  const textOf = (property: number | "nationality") => {
    if (property === "nationality") return translate("centre.form.nationalityRequired");
    const p = properties?.find((x) => x.id === property);
    return p ? propertyMessage(p, session.language) || translate("centre.form.invalid") : translate("centre.form.invalid");
  };

  const point = (property: number | "nationality") => {
    setError({ property, text: textOf(property) });
    // Wait for the error to be drawn, then bring the field into view.
    requestAnimationFrame(() => {
      const el = document.getElementById(fieldId(idPrefix, property));
      el?.scrollIntoView({ block: "center", behavior: "smooth" });
      (el?.matches("input, select, textarea") ? el : el?.querySelector<HTMLElement>("input, select, textarea"))?.focus({ preventScroll: true });
    });
  };

  /** The values to send, or null after pointing at the first field that fails. */
  const check = (): { nationality: number; values: SentValue[] } | null => {
    if (!properties) return null;
    const country = countries.find((c) => c.id === nationality) ?? null;
    const result = checkForm({ properties, values, stored, nationality: country });
    if (!result.ok) {
      point(result.property);
      return null;
    }
    setError(null);
    return { nationality: country!.id, values: result.values };
  };

  /** The server named a failing property (ERROR_PARAMS { property }): its text, shown at the field too. */
  const serverFailure = (message: Message | undefined): string | null => {
    const property = message?.params?.property;
    if (message?.code !== "ERROR_PARAMS" || typeof property !== "number") return null;
    point(property);
    return textOf(property);
  };

  return {
    ready: properties !== null,
    /** The member changed something since the stored values (or the last reset). */
    edited:
      properties !== null && (!sameValues(values, initialValues(stored)) || nationality !== automaticNationality(countries, storedNationality)),
    failed,
    reload: load,
    properties: properties ?? [],
    countries,
    values,
    setValues: (next: FormValues) => {
      setValues(next);
      if (error && error.property !== "nationality") setError(null);
    },
    nationality,
    setNationality: (id: number) => {
      setNationality(id);
      if (error?.property === "nationality") setError(null);
    },
    error,
    check,
    serverFailure,
    reset: (nextStored: readonly StoredValue[], nextNationality: number | null) => {
      setValues(initialValues(nextStored));
      setNationality(automaticNationality(countries, nextNationality));
      setError(null);
    },
  };
}
