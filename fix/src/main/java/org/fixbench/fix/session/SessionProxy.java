package org.fixbench.fix.session;

import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.codec.UtcTime;
import org.fixbench.fix.dictionary.FixDictionary;

/**
 * Every administrative message the session sends, one method each: what goes into it, in one place. Numbered
 * messages go out through the {@link Outbox} (the session, which ends itself when a send fails); resends and gap
 * fills carry the numbers they replace and go straight to the {@link SessionSender}. Allocation-free but for
 * rejects' and logouts' texts.
 */
final class SessionProxy {
    private static final byte[] YES = {'Y'};

    /** Where numbered messages are begun and sent, at the time of the current poll. */
    interface Outbox {
        FixWriter begin(int typeKey);

        void send();

        long nowMillis();
    }

    private final Outbox out;
    private final SessionSender sender;
    private final FixDictionary dictionary;
    private final FixMessage stored;

    /** Whole fields ("tag=value" and SOH) every Logon this side sends carries after HeartBtInt; empty for none. */
    private final byte[] logonFields;

    SessionProxy(Outbox out, SessionSender sender, FixDictionary dictionary, int maxFields, byte[] logonFields) {
        this.logonFields = logonFields;
        this.out = out;
        this.sender = sender;
        this.dictionary = dictionary;
        this.stored = new FixMessage(maxFields);
    }

    /** Logon: EncryptMethod 0, HeartBtInt, ResetSeqNumFlag=Y when both sides start again at 1, the configured fields. */
    void logon(long heartBtIntSeconds, boolean reset) {
        FixWriter w = out.begin(MsgTypes.LOGON);
        w.charField(Tags.ENCRYPT_METHOD, (byte) '0').longField(Tags.HEART_BT_INT, heartBtIntSeconds);
        if (reset) {
            w.charField(Tags.RESET_SEQ_NUM_FLAG, (byte) 'Y');
        }
        if (logonFields.length > 0) {
            w.raw(logonFields);
        }
        out.send();
    }

    /** Logout, with a Text when {@code text} is not null. */
    void logout(String text) {
        FixWriter w = out.begin(MsgTypes.LOGOUT);
        if (text != null) {
            w.stringField(Tags.TEXT, text);
        }
        out.send();
    }

    /** A Heartbeat of the heartbeat timer. */
    void heartbeat() {
        out.begin(MsgTypes.HEARTBEAT);
        out.send();
    }

    /** The Heartbeat that answers a TestRequest, echoing its TestReqID. */
    void heartbeat(FixMessage testRequest) {
        FixWriter w = out.begin(MsgTypes.HEARTBEAT);
        int k = testRequest.find(Tags.TEST_REQ_ID);
        if (k >= 0) {
            w.rawField(Tags.TEST_REQ_ID, testRequest.buffer(), testRequest.start(k), testRequest.length(k));
        }
        out.send();
    }

    void testRequest(String testReqId) {
        out.begin(MsgTypes.TEST_REQUEST).stringField(Tags.TEST_REQ_ID, testReqId);
        out.send();
    }

    /** ResendRequest from {@code beginSeqNo} to infinity (EndSeqNo 0). */
    void resendRequest(long beginSeqNo) {
        out.begin(MsgTypes.RESEND_REQUEST).longField(Tags.BEGIN_SEQ_NO, beginSeqNo).longField(Tags.END_SEQ_NO, 0);
        out.send();
    }

    /**
     * A session-level Reject (35=3) of {@code m}: routing reversed, RefSeqNum, RefMsgType, SessionRejectReason,
     * RefTagID, Text ({@code text}, or the reason's words). Returns the Text.
     */
    String reject(FixMessage m, RejectReason reason, int refTag, String text) {
        long seq = m.longValue(Tags.MSG_SEQ_NUM);
        FixWriter w = out.begin(MsgTypes.REJECT);
        reverseRoute(w, m);
        if (seq >= 0) {
            w.longField(Tags.REF_SEQ_NUM, seq);
        }
        int k = m.find(Tags.MSG_TYPE);
        if (k >= 0 && m.length(k) > 0) {
            w.rawField(Tags.REF_MSG_TYPE, m.buffer(), m.start(k), m.length(k));
        }
        w.longField(Tags.SESSION_REJECT_REASON, reason.code());
        if (refTag > 0 || reason == RejectReason.INVALID_TAG_NUMBER) {
            w.longField(Tags.REF_TAG_ID, refTag);
        }
        String words = text != null ? text : reason.text();
        w.stringField(Tags.TEXT, words);
        out.send();
        return words;
    }

    /** BusinessMessageReject (35=j) of an application message the application does not take: reason 3. */
    void businessReject(FixMessage m) {
        FixWriter w = out.begin(MsgTypes.BUSINESS_MESSAGE_REJECT);
        reverseRoute(w, m);
        w.longField(Tags.REF_SEQ_NUM, m.longValue(Tags.MSG_SEQ_NUM));
        int k = m.find(Tags.MSG_TYPE);
        w.rawField(Tags.REF_MSG_TYPE, m.buffer(), m.start(k), m.length(k));
        w.charField(Tags.BUSINESS_REJECT_REASON, (byte) '3').stringField(Tags.TEXT, "Unsupported Message Type");
        out.send();
    }

    /** SequenceReset-GapFill in place of messages {@code seq} up to {@code newSeqNo} (exclusive). */
    void gapFill(long seq, long newSeqNo) {
        long now = out.nowMillis();
        FixWriter w = sender.beginResend(MsgTypes.SEQUENCE_RESET, seq, now);
        int at = w.beginField(Tags.ORIG_SENDING_TIME);
        w.endField(UtcTime.format(now, w.buffer(), at));
        w.bytesField(Tags.GAP_FILL_FLAG, YES).longField(Tags.NEW_SEQ_NO, newSeqNo);
        sender.sendUnnumbered(now);
    }

    /**
     * Stored message {@code seq} again: PossDupFlag=Y, its SendingTime as OrigSendingTime, its body as stored. False
     * (nothing sent) when the stored bytes do not index, which cannot happen for what this session wrote.
     */
    boolean resend(MessageStore store, long seq, int offset) {
        long now = out.nowMillis();
        if (stored.index(store.buffer(), offset, store.length(seq), dictionary) < 0) {
            return false;
        }
        FixWriter w = sender.beginResend(stored.typeKey(), seq, now);
        int k = stored.find(Tags.SENDING_TIME);
        w.rawField(Tags.ORIG_SENDING_TIME, stored.buffer(), stored.start(k), stored.length(k));
        for (int f = 0; f < stored.count(); f++) {
            int tag = stored.tag(f);
            if (!dictionary.header().allows(tag) && !dictionary.trailer().allows(tag)) {
                w.rawField(tag, stored.buffer(), stored.start(f), stored.length(f));
            }
        }
        sender.sendUnnumbered(now);
        return true;
    }

    /** Routing as QuickFIX/J's reverseRoute: OnBehalfOf becomes DeliverTo and the other way round, SubIDs swap. */
    static void reverseRoute(FixWriter w, FixMessage m) {
        for (int[] pair : Tags.REVERSE_ROUTE) {
            int k = m.find(pair[0]);
            if (k >= 0 && m.length(k) > 0) {
                w.rawField(pair[1], m.buffer(), m.start(k), m.length(k));
            }
        }
    }
}
