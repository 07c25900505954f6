package org.fixbench.engine.sbe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The conformance server application ({@code serve --app echo}), as a QuickFIX/J echo application behaves: a
 * NewOrderSingle or SecurityDefinition goes back as received, with its header fields beyond the session's own kept
 * (PossResend among them), OnBehalfOf/DeliverTo routing reversed, and repeating groups with a zero count left out;
 * a PossResend (97=Y) NewOrderSingle whose ClOrdID it has seen is dropped; any other application message gets a
 * BusinessMessageReject. It remembers the last {@code rememberedClOrdIds} ClOrdIDs (the profile sets how many), so
 * a long session cannot grow it without bound. Not a benchmark path.
 */
final class EchoApplication implements FixSession.Application {
    /** Header fields the session writes itself, or that a new message must not carry over. */
    private static final int[] NOT_ECHOED = {Tags.BEGIN_STRING, Tags.BODY_LENGTH, Tags.MSG_TYPE, Tags.SENDER_COMP_ID,
            Tags.TARGET_COMP_ID, Tags.MSG_SEQ_NUM, Tags.SENDING_TIME, Tags.POSS_DUP_FLAG, Tags.ORIG_SENDING_TIME,
            Tags.CHECK_SUM};

    private final Map<String, Boolean> clOrdIds;
    private final FixDictionary dictionary;

    EchoApplication(FixDictionary dictionary, int rememberedClOrdIds) {
        this.dictionary = dictionary;
        this.clOrdIds = new LinkedHashMap<>(1024, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > rememberedClOrdIds;
            }
        };
    }

    @Override
    public boolean onMessage(FixSession session, FixMessage message) {
        boolean order = message.typeKey() == MsgTypes.NEW_ORDER_SINGLE;
        if (!order && message.typeKey() != MsgTypes.SECURITY_DEFINITION) {
            return false;
        }
        if (order) {
            boolean isNew = clOrdIds.put(message.text(Tags.CL_ORD_ID), Boolean.TRUE) == null;
            if (!isNew && message.isFlag(Tags.POSS_RESEND, 'Y')) {
                return true; // a PossResend of an order already seen
            }
        }
        FixWriter w = session.begin(message.typeKey());
        FixSession.reverseRoute(w, message);
        for (int f = 0; f < message.count(); f++) {
            int tag = message.tag(f);
            if (tag <= 0 || isRouting(tag) || notEchoed(tag) || isEmptyGroup(message, f)) {
                continue;
            }
            w.rawField(tag, message.buffer(), message.start(f), message.length(f));
        }
        session.send();
        return true;
    }

    private boolean isEmptyGroup(FixMessage message, int f) {
        return dictionary.type(message.tag(f)) == FixDictionary.T_NUMINGROUP && message.length(f) == 1
                && message.buffer().getByte(message.start(f)) == '0';
    }

    private static boolean notEchoed(int tag) {
        for (int t : NOT_ECHOED) {
            if (t == tag) {
                return true;
            }
        }
        return false;
    }

    private static boolean isRouting(int tag) {
        for (int[] pair : Tags.REVERSE_ROUTE) {
            if (pair[0] == tag) {
                return true;
            }
        }
        return false;
    }
}
