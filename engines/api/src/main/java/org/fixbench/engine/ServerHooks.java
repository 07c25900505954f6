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

    /**
     * The whole NewOrderSingle has been decoded on the server, and validated where the profile validates (so decode
     * and validation fall in "server processing", never in the client→server leg).
     */
    void orderReceived();

    /**
     * The ExecutionReport answering it is encoded and about to be handed to the socket. Called before the write,
     * not after: on loopback the client may receive the report before the write returns. An engine whose send call
     * both encodes and writes (QuickFIX/J, Philadelphia, Artio) calls it just before that call, so its encoding
     * falls in the server→client leg; its README says so.
     */
    void reportSending();
}
