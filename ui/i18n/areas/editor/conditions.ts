// The activity editor's texts: the conditions and properties window. Both languages side by side; ./index.ts mounts them under "editor".
import { texts } from "../../area";

export default texts({
  zh: {
    conditions: {
      title: "条件与属性",
      properties: "报名表属性",
      propertiesHint: "勾选报名时需要会员确认的资料；用途不是“其他”的属性固定为只读且必填。",
      property: "属性",
      ask: "报名时显示",
      readonly: "只读",
      must: "必填",
      activity: "活动条件",
      activityHint: "“展示”条件不满足时会员看不到本活动，“报名”条件不满足时不能报名。",
      team: "活动组条件",
      teamHint: "对活动组内的所有活动生效。",
      none: "没有条件：所有会员都能看到并报名。",
    },
  },
  en: {
    conditions: {
      title: "Conditions and fields",
      properties: "Sign-up form fields",
      propertiesHint: "Tick the profile fields a member confirms when signing up; fields whose purpose is not \"other\" are always read-only and required.",
      property: "Field",
      ask: "Asked",
      readonly: "Read-only",
      must: "Required",
      activity: "Activity conditions",
      activityHint: "An unmet \"show\" condition hides the activity; an unmet \"sign-up\" condition keeps members from signing up.",
      team: "Group conditions",
      teamHint: "They apply to every activity of the group.",
      none: "No conditions: every member sees it and may sign up.",
    },
  },
});
