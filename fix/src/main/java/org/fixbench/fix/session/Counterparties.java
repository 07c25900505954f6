package org.fixbench.fix.session;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.Tags;

/**
 * The CompIDs an acceptor serves sessions for, beside its own: the peers' SenderCompIDs, one session each. A
 * connection speaks for none until its Logon names one of them (its SenderCompID); the Logon's checks then run
 * against that one, and every message of the connection after it is checked against and addressed to it.
 */
public final class Counterparties {
    private final String[] compIds;
    private final byte[][] bytes;

    public Counterparties(List<String> compIds) {
        if (compIds.isEmpty()) {
            throw new IllegalArgumentException("an acceptor serves at least one counterparty");
        }
        this.compIds = compIds.toArray(new String[0]);
        this.bytes = new byte[this.compIds.length][];
        for (int i = 0; i < this.compIds.length; i++) {
            bytes[i] = this.compIds[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    public int size() {
        return compIds.length;
    }

    public String compId(int i) {
        return compIds[i];
    }

    byte[] bytes(int i) {
        return bytes[i];
    }

    /** The index of the counterparty {@code m}'s SenderCompID names, or -1 for none. */
    int find(FixMessage m) {
        for (int i = 0; i < bytes.length; i++) {
            if (m.valueEquals(Tags.SENDER_COMP_ID, bytes[i])) {
                return i;
            }
        }
        return -1;
    }
}
