package org.fixbench.engine.sbe.app;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.dictionary.FixDictionary;
import org.fixbench.fix.session.FixSession;

/**
 * The conformance server application ({@code serve --app echo}), as a QuickFIX/J echo application behaves: a
 * NewOrderSingle or SecurityDefinition goes back as received, with its header fields beyond the session's own kept
 * (PossResend among them), OnBehalfOf/DeliverTo routing reversed, and repeating groups with a zero count left out;
 * a PossResend (97=Y) NewOrderSingle whose ClOrdID it has seen is dropped; any other application message gets a
 * BusinessMessageReject. It remembers the last ClOrdIDs, as many as the profile's {@code rememberedClOrdIds} and
 * {@code rememberedClOrdIdBytes} allow (each counted at its length plus {@link #ENTRY_OVERHEAD_BYTES}), the oldest
 * forgotten first, so no peer can grow it without bound, with many orders or with long ClOrdIDs. Not a benchmark
 * path.
 */
public final class EchoApplication implements FixSession.Application {
    /** Header fields the session writes itself, or that a new message must not carry over. */
    private static final int[] NOT_ECHOED = {Tags.BEGIN_STRING, Tags.BODY_LENGTH, Tags.MSG_TYPE, Tags.SENDER_COMP_ID,
            Tags.TARGET_COMP_ID, Tags.MSG_SEQ_NUM, Tags.SENDING_TIME, Tags.POSS_DUP_FLAG, Tags.ORIG_SENDING_TIME,
            Tags.CHECK_SUM};

    /** What one remembered ClOrdID costs beyond its bytes: the String, its array and the map's entry. */
    public static final int ENTRY_OVERHEAD_BYTES = 96;

    private final LinkedHashMap<String, Boolean> clOrdIds = new LinkedHashMap<>(1024);
    private final FixDictionary dictionary;
    private final int maxCount;
    private final long maxBytes;
    private long bytes;

    public EchoApplication(FixDictionary dictionary, int rememberedClOrdIds, long rememberedClOrdIdBytes) {
        this.dictionary = dictionary;
        this.maxCount = rememberedClOrdIds;
        this.maxBytes = rememberedClOrdIdBytes;
    }

    /** Remembers a ClOrdID; false when it was remembered already. The oldest go until both bounds hold. */
    private boolean remember(String clOrdId) {
        if (clOrdIds.putIfAbsent(clOrdId, Boolean.TRUE) != null) {
            return false;
        }
        bytes += cost(clOrdId);
        java.util.Iterator<String> oldest = clOrdIds.keySet().iterator();
        while ((clOrdIds.size() > maxCount || bytes > maxBytes) && oldest.hasNext()) {
            bytes -= cost(oldest.next());
            oldest.remove();
        }
        return true;
    }

    private static long cost(String clOrdId) {
        return clOrdId.length() + (long) ENTRY_OVERHEAD_BYTES;
    }

    /** The bytes the remembered ClOrdIDs are counted at now (for tests). */
    public long rememberedBytes() {
        return bytes;
    }

    @Override
    public boolean onMessage(FixSession session, FixMessage message) {
        boolean order = message.typeKey() == MsgTypes.NEW_ORDER_SINGLE;
        if (!order && message.typeKey() != MsgTypes.SECURITY_DEFINITION) {
            return false;
        }
        if (order) {
            boolean isNew = remember(message.text(Tags.CL_ORD_ID));
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
