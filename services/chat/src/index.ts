export { chatService, createChatService, chatTypeDefs } from './service';
export { chatEnvironmentSchema, type ChatEnvironment } from './environment';
