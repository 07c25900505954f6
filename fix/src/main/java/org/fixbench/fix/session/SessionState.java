package org.fixbench.fix.session;

/** Where a session is in its life; a {@link FixSession} moves only forward through these. */
public enum SessionState {
    /** Connected; no Logon exchanged yet. */
    AWAITING_LOGON,
    /** An initiator sent its Logon and waits for the answer. */
    LOGON_SENT,
    /** An initiator sent its Logon with ResetSeqNumFlag=Y (its numbers are already back at 1) and waits. */
    LOGON_SENT_WITH_RESET,
    /** Logon sent and received: messages flow. */
    LOGGED_ON,
    /** This side sent a Logout and waits for the answer (or the logout timeout). */
    LOGOUT_SENT,
    /** The connection is closed; {@link FixSession#endReason()} says why. */
    ENDED;

    /** No Logon exchanged yet: awaiting one, or waiting for the answer to its own. */
    public boolean beforeLogon() {
        return this == AWAITING_LOGON || this == LOGON_SENT || this == LOGON_SENT_WITH_RESET;
    }
}
