package org.fixbench.engine.sbe.session;

/** Where a session is in its life; a {@link FixSession} moves only forward through these. */
public enum SessionState {
    /** Connected; no Logon exchanged yet (an initiator may have sent its own). */
    AWAITING_LOGON,
    /** Logon sent and received: messages flow. */
    LOGGED_ON,
    /** This side sent a Logout and waits for the answer (or the logout timeout). */
    LOGOUT_SENT,
    /** The connection is closed; {@link FixSession#endReason()} says why. */
    ENDED
}
