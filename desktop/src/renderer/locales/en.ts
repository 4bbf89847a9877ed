import announcements from './en/announcements.json' with { type: 'json' };
import auth from './en/auth.json' with { type: 'json' };
import campaigns from './en/campaigns.json' with { type: 'json' };
import chats from './en/chats.json' with { type: 'json' };
import common from './en/common.json' with { type: 'json' };
import connections from './en/connections.json' with { type: 'json' };
import contactLists from './en/contactLists.json' with { type: 'json' };
import contacts from './en/contacts.json' with { type: 'json' };
import dashboard from './en/dashboard.json' with { type: 'json' };
import errors from './en/errors.json' with { type: 'json' };
import files from './en/files.json' with { type: 'json' };
import flowCampaigns from './en/flowCampaigns.json' with { type: 'json' };
import flowEditor from './en/flowEditor.json' with { type: 'json' };
import flows from './en/flows.json' with { type: 'json' };
import helps from './en/helps.json' with { type: 'json' };
import home from './en/home.json' with { type: 'json' };
import invoices from './en/invoices.json' with { type: 'json' };
import kanban from './en/kanban.json' with { type: 'json' };
import messagesApi from './en/messagesApi.json' with { type: 'json' };
import prompts from './en/prompts.json' with { type: 'json' };
import queueIntegrations from './en/queueIntegrations.json' with { type: 'json' };
import queues from './en/queues.json' with { type: 'json' };
import quickMessages from './en/quickMessages.json' with { type: 'json' };
import schedules from './en/schedules.json' with { type: 'json' };
import settings from './en/settings.json' with { type: 'json' };
import shell from './en/shell.json' with { type: 'json' };
import tags from './en/tags.json' with { type: 'json' };
import tickets from './en/tickets.json' with { type: 'json' };
import todos from './en/todos.json' with { type: 'json' };
import users from './en/users.json' with { type: 'json' };
import validation from './en/validation.json' with { type: 'json' };

/** The English texts, one file per feature mounted under its name (see index.ts). */
export default {
  announcements,
  auth,
  campaigns,
  chats,
  common,
  connections,
  contactLists,
  contacts,
  dashboard,
  errors,
  files,
  flowCampaigns,
  flowEditor,
  flows,
  helps,
  home,
  invoices,
  kanban,
  messagesApi,
  prompts,
  queueIntegrations,
  queues,
  quickMessages,
  schedules,
  settings,
  shell,
  tags,
  tickets,
  todos,
  users,
  validation,
};
