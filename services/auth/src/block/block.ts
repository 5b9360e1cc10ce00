import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * Two people hidden from each other for good, as the swipe context decided (its PersonBlocked): auth
 * follows it so that neither account resolves for the other. One stream per pair, whoever blocked whom
 * (`block-<low>-<high>`), holding ids and a time only.
 */
export const blockStreamId = (a: number, b: number) => `block-${Math.min(a, b)}-${Math.max(a, b)}`;

export type BlockFollowed = DomainEvent<'BlockFollowed', { blockerId: number; blockedId: number; blockedAt: string }>;
export type BlockEvent = BlockFollowed;

export type BlockState = { blocked: boolean };

export const evolveBlock = (_state: BlockState, _event: BlockEvent): BlockState => ({ blocked: true });

export const initialBlock = (): BlockState => ({ blocked: false });
