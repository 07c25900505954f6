package org.fixbench.engine.philadelphia;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Properties;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link PhiladelphiaClient} per session, each its own
 * connection and SenderCompID, logged on one after another; all driven by the sending thread, which in
 * {@link #poll()} receives on every session in turn and idles (the profile's mode) once when none had a byte.
 */
final class PhiladelphiaSessionsClient implements EngineClient {
    private final PhiladelphiaClient[] members;
    private final Runnable idle;

    PhiladelphiaSessionsClient(EngineSetup setup, Properties profile) {
        members = new PhiladelphiaClient[setup.sessions()];
        for (int i = 0; i < members.length; i++) {
            members[i] = PhiladelphiaClient.member(PhiladelphiaEngine.config(profile,
                    setup.forSession(i).clientCompId(), setup.serverCompId()));
        }
        idle = PhiladelphiaEngine.idle(profile);
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        for (int i = 0; i < members.length; i++) {
            int session = i;
            try {
                members[i].connect(server, new ReportListener() {
                    @Override
                    public void onExecutionReport(long clOrdId) {
                        listener.onExecutionReport(session, clOrdId);
                    }

                    @Override
                    public void onDisconnect(String reason) {
                        listener.onDisconnect(session, reason);
                    }
                }, timeout);
            } catch (RuntimeException e) {
                throw new IllegalStateException("session " + (i + 1) + " of " + members.length + ": "
                        + e.getMessage(), e);
            }
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    @Override
    public boolean poll() {
        boolean any = false;
        for (PhiladelphiaClient member : members) {
            any |= member.poll();
        }
        if (!any) {
            idle.run();
        }
        return any;
    }

    @Override
    public void send(long clOrdId) {
        members[0].send(clOrdId);
    }

    @Override
    public void send(int session, long clOrdId) {
        members[session].send(clOrdId);
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (PhiladelphiaClient member : members) {
            try {
                member.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
