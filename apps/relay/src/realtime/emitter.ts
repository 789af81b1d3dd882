/**
 * The `RoomEmitter` seam between fan-out and Socket.IO, so fan-out is tested without a network.
 *
 * Invariant: it reaches only this instance's sockets; once `has` says a room is empty, fan-out
 * forgets the room.
 */
import type { ChangesMessage, SnapshotMessage } from '@referrals/shared';

/** The three things fan-out needs of Socket.IO, so it is tested without a network. */
export interface RoomEmitter {
  /** Sends to the sockets of a room on this instance. */
  emit(room: string, event: 'changes', message: ChangesMessage): void;
  emit(room: string, event: 'snapshot', message: SnapshotMessage): void;
  /** Whether any socket of this instance is in the room. */
  has(room: string): boolean;
}
