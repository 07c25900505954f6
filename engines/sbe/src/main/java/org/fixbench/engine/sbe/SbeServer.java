package org.fixbench.engine.sbe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;

/**
 * The acceptor: one thread accepts a connection and runs its session's loop (poll, then the profile's idle strategy
 * when nothing arrived) until it ends; then it accepts the next one, keeping the sequence numbers (a new Logon with
 * ResetSeqNumFlag=Y starts again at 1), until closed.
 */
final class SbeServer implements EngineServer {
    private final EngineSetup setup;
    private final SessionConfig config;
    private final IdleStrategy idle;
    private ServerSocketChannel acceptor;
    private Thread thread;
    private volatile boolean stopping;
    private volatile SocketChannel channel;

    SbeServer(EngineSetup setup, SessionConfig config) {
        this.setup = setup;
        this.config = config;
        this.idle = SbeEngine.idle(config.idle());
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        thread = new Thread(this::serve, "sbe-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    private void serve() {
        setup.pinCurrentThread("server");
        FixSession.Application application = EngineSetup.ECHO.equals(setup.application())
                ? new EchoApplication(config.dictionary())
                : new ReportApplication(config.maxMessageBytes(), setup.hooks(), SystemEpochClock.INSTANCE);
        long nextSender = 1;
        long nextTarget = 1;
        while (!stopping) {
            try (SocketChannel c = acceptor.accept()) {
                channel = c;
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                c.configureBlocking(false);
                FixSession session = new FixSession(config, c, application, SystemEpochClock.INSTANCE,
                        event -> System.err.println("[sbe server] " + event));
                session.restoreSequences(nextSender, nextTarget);
                while (!stopping && session.endReason() == null) {
                    idle.idle(session.poll() ? 1 : 0);
                }
                nextSender = session.nextSenderSeq();
                nextTarget = session.nextTargetSeq();
                if (session.endReason() == null) {
                    session.end("server stopped");
                }
            } catch (IOException e) {
                if (!stopping) {
                    System.err.println("[sbe server] " + e.getMessage());
                }
                return;
            } catch (RuntimeException e) {
                System.err.println("[sbe server] session failed: " + e + "; accepting the next connection");
            }
        }
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        if (acceptor != null) {
            acceptor.close();
        }
        SocketChannel c = channel;
        if (thread != null) {
            thread.join(3_000);
        }
        if (c != null && c.isOpen()) {
            c.close();
        }
    }
}
