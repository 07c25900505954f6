package org.fixbench.engine;

/**
 * An engine's client session and server session joined by a {@link MemoryPipe} in one thread, for the CPU a round trip
 * costs in user space without the kernel (JMH's {@code RoundTrips}): {@link #roundTrip} sends one NewOrderSingle from
 * the engine's own client session, lets the engine's own server session and application answer it, and reads the
 * ExecutionReport in the client session. Logged on when made; same messages and the profile's validation as over TCP.
 *
 * <p>A round trip is three steps, each callable on its own (JMH's {@code RoundTripSteps} times them): {@link #send},
 * {@link #serve} and {@link #receive}. They are where the suite's legs split a round trip over TCP: the client's
 * {@code send} and the server's reading and decoding in {@code serve} are client → server; the rest of {@code serve}
 * (the application, the report's encoding and write) is server processing and the start of server → client; the
 * client's {@code receive} ends server → client.
 */
public interface InMemoryRoundTrip extends AutoCloseable {
    /** The client session encodes the order with ClOrdID {@code clOrdId} and writes it into the pipe. */
    void send(long clOrdId);

    /** The server session reads what the client wrote, checks and decodes it, and its application's report is written. */
    void serve();

    /** The client session reads and decodes the report; returns the ClOrdID it carried. */
    long receive();

    /** One order with ClOrdID {@code clOrdId} there and its report back; returns the ClOrdID the report carried. */
    default long roundTrip(long clOrdId) {
        send(clOrdId);
        serve();
        return receive();
    }

    @Override
    void close();
}
