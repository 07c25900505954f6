package org.fixbench.engine;

/**
 * An engine's client session and server session joined by a {@link MemoryPipe} in one thread, for the CPU a round trip
 * costs in user space without the kernel (JMH's {@code RoundTrips}): {@link #roundTrip} sends one NewOrderSingle from
 * the engine's own client session, lets the engine's own server session and application answer it, and reads the
 * ExecutionReport in the client session. Logged on when made; same messages and the profile's validation as over TCP.
 */
public interface InMemoryRoundTrip extends AutoCloseable {
    /** One order with ClOrdID {@code clOrdId} there and its report back; returns the ClOrdID the report carried. */
    long roundTrip(long clOrdId);

    @Override
    void close();
}
