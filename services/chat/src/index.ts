export { chatService, chatTypeDefs } from './service';
export { defaultChatConfig, type ChatConfig } from './config';
export { chatEnvironmentSchema, toChatConfig, type ChatEnvironment } from './environment';
