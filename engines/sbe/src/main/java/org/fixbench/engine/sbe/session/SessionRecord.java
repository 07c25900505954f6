package org.fixbench.engine.sbe.session;

/**
 * What a FIX session keeps across its connections: the next sequence numbers each way and the store of sent
 * messages for resends. There is one per session (not per connection): an acceptor makes its session's record, store
 * included, when it starts (a store of the benchmark profiles' size takes about 100 ms to allocate, which must not
 * land inside a Logon), and a connection that never logs on only ever touches a small scratch record. With
 * ResetOnDisconnect the numbers start again at 1 after every connection.
 */
public final class SessionRecord {
    private final int storeBytes;
    private final int storeMessages;
    private MessageStore store;
    long nextSenderSeq = 1;
    long nextTargetSeq = 1;

    public SessionRecord(int storeBytes, int storeMessages) {
        this.storeBytes = storeBytes;
        this.storeMessages = storeMessages;
    }

    /** Allocates the store now rather than on first use. */
    public SessionRecord allocate() {
        store();
        return this;
    }

    /** The store, allocated on first use. */
    public MessageStore store() {
        if (store == null) {
            store = new MessageStore(storeBytes, storeMessages);
        }
        return store;
    }

    /** Both sides start again at 1 and nothing sent can be resent. */
    public void reset() {
        nextSenderSeq = 1;
        nextTargetSeq = 1;
        if (store != null) {
            store.clear();
        }
    }
}
