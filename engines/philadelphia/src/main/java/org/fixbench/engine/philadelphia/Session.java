package org.fixbench.engine.philadelphia;

import java.io.IOException;

import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXConnectionStatusListener;
import com.paritytrading.philadelphia.FIXMessage;

/**
 * Session events both roles treat alike: anything that ends or breaks the session is reported once as the reason,
 * and the owning role decides what to do with it.
 */
abstract class Session implements FIXConnectionStatusListener {
    volatile boolean loggedOn;
    volatile String endReason;

    /** Called once when the session ends for any reason other than our own close. */
    abstract void ended(String reason);

    final void end(String reason) {
        if (endReason == null) {
            endReason = reason;
            ended(reason);
        }
    }

    @Override
    public void close(FIXConnection connection, String message) throws IOException {
        end("philadelphia: " + message);
        connection.close();
    }

    @Override
    public void sequenceReset(FIXConnection connection) {
        // a SequenceReset is applied by the connection itself
    }

    @Override
    public void tooLowMsgSeqNum(FIXConnection connection, long received, long expected) throws IOException {
        connection.sendLogout("MsgSeqNum too low, expecting " + expected + " but received " + received);
        end("philadelphia: MsgSeqNum too low (received " + received + ", expected " + expected + ")");
        connection.close();
    }

    @Override
    public void reject(FIXConnection connection, FIXMessage message) {
        end("philadelphia: session-level Reject received: " + message);
    }

    @Override
    public void logout(FIXConnection connection, FIXMessage message) throws IOException {
        if (loggedOn) {
            connection.sendLogout();
        }
        loggedOn = false;
        end("philadelphia: peer logged out");
        connection.close();
    }
}
