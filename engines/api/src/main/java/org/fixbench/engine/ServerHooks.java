package org.fixbench.engine;

/** Marks the server's two moments so the harness can time the legs of a round trip. Allocation-free. */
public interface ServerHooks {
    ServerHooks NONE = new ServerHooks() {
        @Override
        public void orderReceived() {
        }

        @Override
        public void reportSending() {
        }
    };

    /** A NewOrderSingle has just been parsed on the server. */
    void orderReceived();

    /**
     * The ExecutionReport answering it is built and about to be handed to the transport. Called before the send,
     * not after: on loopback the client may receive the report before the send call returns.
     */
    void reportSending();
}
