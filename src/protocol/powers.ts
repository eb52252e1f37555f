// The function permissions of the three specs. Roles hold them; routes declare them.
export const POWERS = {
  FUNCTION_SYSTEM_PAGE: ["系统管理", "System management"],
  FUNCTION_USER_OPERATION_FIND: ["会员管理", "Member management"],
  FUNCTION_USER_OPERATION_CREATE: ["新建会员", "Create members"],
  FUNCTION_USER_OPERATION_INFO: ["会员详情", "Member details"],
  FUNCTION_USER_EXPORT_LIST: ["导出会员", "Export members"],
  FUNCTION_USER_IMPORT_UPDATE: ["导入入职/更新", "Import onboarding and updates"],
  FUNCTION_USER_IMPORT_LEAVE: ["导入离职", "Import leavers"],
  FUNCTION_INTEGRAL_OPERATION: ["积分管理", "Points management"],
  FUNCTION_PROPERTY_OPERATION_FIND: ["属性管理", "Property management"],
  FUNCTION_PROPERTY_OPERATION_CREATE: ["新建属性", "Create properties"],
  FUNCTION_MEMBER_EDIT: ["会费与短信管理", "Dues and SMS management"],
  FUNCTION_USER_OPERATION_PROPERTY: ["修改会员信息", "Update member information"],
  FUNCTION_USER_OPERATION_STATE: ["重置激活与离职", "Reset activation and leave"],
  FUNCTION_USER_FIND_FAMILY: ["查看家属", "View family"],
  FUNCTION_ACTIVITY_EDIT: ["活动编辑", "Edit activities"],
  FUNCTION_ACTIVITY_CREATE: ["新建活动", "Create activities"],
  FUNCTION_ACTIVITY_MODULE_OPERATION: ["模块管理", "Module management"],
  FUNCTION_ACTIVITY_ORDER: ["报名结果", "Sign-up results"],
  FUNCTION_QUERY_EDIT: ["题库管理", "Question banks"],
  FUNCTION_NEWS_EDIT: ["新闻编辑", "Edit news"],
  FUNCTION_CHAT_OPERATION: ["工会信箱管理", "Mailbox manager"],
  // Issue 20: checking tickets in at an activity's door (docs/decisions.md).
  FUNCTION_ACTIVITY_CHECK_IN: ["签到核验", "Check-in"],
  // Issue 32: an activity's draw, its commitment, seed and drawn order (docs/decisions.md 138).
  FUNCTION_ACTIVITY_LOTTERY: ["抽签管理", "Lotteries"],
  // Issue 32: what reminders are scheduled and which were sent (docs/decisions.md 139).
  FUNCTION_REMINDERS: ["提醒管理", "Reminders"],
  // Issue 32: reviewing online applications to join (docs/decisions.md 140).
  FUNCTION_USER_APPLICATIONS: ["入会审核", "Membership applications"],
  // Issue 32: surveys and votes, their audiences and results (docs/decisions.md 141).
  FUNCTION_SURVEY_EDIT: ["问卷与投票", "Surveys and votes"],
} as const;

export type PowerCode = keyof typeof POWERS;
export const POWER_CODES = Object.keys(POWERS) as PowerCode[];

/**
 * Who may call a route: anyone (no envelope), any session (signed, no user
 * yet: types, image code, sign-in, activation), any signed-in member, or a
 * member whose role holds the named power (or one of the named powers).
 */
export type Access = "public" | "session" | "user" | PowerCode | readonly PowerCode[];
