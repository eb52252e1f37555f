// The activity editor's texts: the staff's read of an activity's waiting list (issue 20). Both languages side by side; ./index.ts mounts them under "editor".
import { texts } from "../../area";

export default texts({
  zh: {
    waitlistLine: {
      title: "候补名单：{{name}}",
      summary: "候补 {{waiting}} 人 · 保留中的名额 {{offered}} 个",
      off: "此活动未开启候补，可在“基本信息”中开启。",
      caption: "候补名单",
      empty: "目前没有人候补。",
      place: "顺序",
      position: "第 {{position}} 位",
      held: "名额保留中",
      name: "姓名",
      employees: "员工号",
      phone: "手机号",
      joined: "加入时间（北京时间）",
      until: "保留至（北京时间）",
      more: "只列出前 {{limit}} 位。",
    },
  },
  en: {
    waitlistLine: {
      title: "Waiting list: {{name}}",
      summary: "Waiting: {{waiting}} · Places held for offers: {{offered}}",
      off: "This activity has no waiting list. Turn it on in Basic info.",
      caption: "Waiting list",
      empty: "Nobody is waiting.",
      place: "Place",
      position: "No. {{position}}",
      held: "Place held",
      name: "Name",
      employees: "Employee ID",
      phone: "Mobile",
      joined: "Joined (China time)",
      until: "Held until (China time)",
      more: "Only the first {{limit}} are listed.",
    },
  },
});
