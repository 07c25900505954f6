package org.fixbench.engine.philadelphia;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectableChannel;
import java.time.Duration;
import java.util.Properties;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.SessionsClient;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link PhiladelphiaClient} per session, each its own
 * connection and SenderCompID, logged on one after another; all driven by the sending thread through the engines'
 * one {@link SessionsClient}, which receives only on the connections that have bytes, keeps every session alive once
 * per millisecond, and idles (the profile's mode) when no connection had a byte.
 */
final class PhiladelphiaSessionsClient {
    private PhiladelphiaSessionsClient() {
    }

    static SessionsClient of(EngineSetup setup, Properties profile) {
        SessionsClient.Member[] members = new SessionsClient.Member[setup.sessions()];
        for (int i = 0; i < members.length; i++) {
            members[i] = new Member(PhiladelphiaClient.member(PhiladelphiaEngine.config(profile,
                    setup.forSession(i).clientCompId(), setup.serverCompId()), setup.flow()));
        }
        Runnable idle = PhiladelphiaEngine.idle(profile);
        return new SessionsClient("philadelphia", members, worked -> {
            if (!worked) {
                idle.run();
            }
        }, null, null, true);
    }

    /** A session of the group: its client, which receives when its connection has bytes. */
    private record Member(PhiladelphiaClient client) implements SessionsClient.Member {
        @Override
        public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
            client.connect(server, listener, timeout);
        }

        @Override
        public SelectableChannel channel() {
            return client.channel();
        }

        @Override
        public boolean receive(long nowMillis) {
            client.receive();
            return true;
        }

        @Override
        public void tick(long nowMillis) {
            client.tick(nowMillis);
        }

        @Override
        public void send(long clOrdId) {
            client.send(clOrdId);
        }

        @Override
        public void close() throws IOException {
            client.close();
        }
    }
}
