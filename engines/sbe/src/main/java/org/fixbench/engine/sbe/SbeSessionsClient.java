package org.fixbench.engine.sbe;

import java.net.InetSocketAddress;
import java.nio.channels.SelectableChannel;
import java.time.Duration;

import org.agrona.concurrent.IdleStrategy;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.SessionsClient;
import org.fixbench.fix.session.SessionConfig;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link SbeClient} per session, each its own connection
 * and SenderCompID, with its share of the profile's store bounds, logged on one after another; all driven by the
 * sending thread through the engines' one {@link SessionsClient}, which polls a session only when its connection has
 * bytes, runs every session's timers once per millisecond, and idles (the profile's strategy) when none had a byte.
 */
final class SbeSessionsClient {
    private SbeSessionsClient() {
    }

    static SessionsClient of(EngineSetup setup, SessionConfig config) {
        int sessions = setup.sessions();
        SessionsClient.Member[] members = new SessionsClient.Member[sessions];
        SessionConfig shared = config.storeSharedBy(sessions);
        for (int i = 0; i < sessions; i++) {
            SessionConfig member = shared.withCompIds(setup.forSession(i).clientCompId(), config.targetCompId());
            members[i] = new Member(new SbeClient(member, setup.flow(), () -> SbeEngine.record(setup, member)));
        }
        IdleStrategy idle = SessionConfig.idleStrategy(config.idle());
        int bufferBytes = config.bufferBytes();
        return new SessionsClient("sbe", members, worked -> idle.idle(worked ? 1 : 0),
                held -> SbeEngine.memoryRefusal(sessions, held, bufferBytes), null, true);
    }

    /** A session of the group: its client, polled when its connection has bytes. */
    private record Member(SbeClient client) implements SessionsClient.Member {
        @Override
        public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
            client.connect(server, listener, timeout);
        }

        @Override
        public SelectableChannel channel() {
            return client.channel();
        }

        @Override
        public boolean receive(long nowMillis) {
            client.session().poll(nowMillis);
            return true;
        }

        @Override
        public void tick(long nowMillis) {
            client.session().tick(nowMillis);
        }

        @Override
        public void send(long clOrdId) {
            client.send(clOrdId);
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
