package org.fixbench.engine.sbe;

/**
 * What a FIX session keeps across its connections: the next sequence numbers each way and the store of sent
 * messages for resends. The store is allocated when the session first logs on, at the profile's size, so a
 * connection that never logs on costs no store. With ResetOnDisconnect the numbers start again at 1 after every
 * connection.
 */
final class SessionRecord {
    private final int storeBytes;
    private final int storeMessages;
    private MessageStore store;
    long nextSenderSeq = 1;
    long nextTargetSeq = 1;

    SessionRecord(int storeBytes, int storeMessages) {
        this.storeBytes = storeBytes;
        this.storeMessages = storeMessages;
    }

    /** The store, allocated on first use. */
    MessageStore store() {
        if (store == null) {
            store = new MessageStore(storeBytes, storeMessages);
        }
        return store;
    }

    /** Both sides start again at 1 and nothing sent can be resent. */
    void reset() {
        nextSenderSeq = 1;
        nextTargetSeq = 1;
        if (store != null) {
            store.clear();
        }
    }
}
