package org.fixbench.fix.session;

/** Why a session ended: the kind, shared by the session, the acceptor and the logs; a detail may follow. */
public enum EndReason {
    LOGGED_OUT("logged out"),
    LOGGED_OUT_BY_PEER("logged out by the peer"),
    PEER_CLOSED("the peer closed the connection"),
    CONNECTION_LOST("connection lost"),
    SEND_FAILED("cannot send"),
    FIRST_MESSAGE_NOT_LOGON("first message was not a Logon"),
    LOGON_REJECTED("Logon rejected"),
    SESSION_ALREADY_LOGGED_ON("session already logged on from another connection"),
    MSG_SEQ_NUM_TOO_LOW("MsgSeqNum too low"),
    NO_MSG_SEQ_NUM("Received message without MsgSeqNum"),
    INCORRECT_BEGIN_STRING("Incorrect BeginString"),
    COMPID_PROBLEM("CompID problem"),
    SENDING_TIME_ACCURACY("SendingTime accuracy problem"),
    LOGON_TIMEOUT("no Logon in time"),
    LOGOUT_TIMEOUT("no Logout answer in time"),
    HEARTBEAT_TIMEOUT("Timed out waiting for heartbeat"),
    SILENCE("nothing received for longer than the profile allows"),
    SLOW_CONSUMER("slow consumer: the peer left its replies unread for longer than the profile allows"),
    CLOSED("closed"),
    ERROR("error while handling input");

    private final String text;

    EndReason(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
