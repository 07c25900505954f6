package org.fixbench.engine.quickfixj;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Workload;
import quickfix.ConfigError;
import quickfix.FileLogFactory;
import quickfix.FileStoreFactory;
import quickfix.LogFactory;
import quickfix.MemoryStoreFactory;
import quickfix.MessageStoreFactory;
import quickfix.SessionID;
import quickfix.SessionSettings;

/**
 * A profile file from {@code fix-configs/quickfixj/}: QuickFIX/J session settings applied as written, plus two
 * keys of ours, {@code fixbench.store} (file|memory) and {@code fixbench.log} (file|none). The suite adds only what
 * a benchmark decides: CompIDs, address and port, and the store/log folders inside the work directory.
 */
final class QuickFixJProfile {
    private final Path file;
    private final String store;
    private final String log;

    private QuickFixJProfile(Path file, String store, String log) {
        this.file = file;
        this.store = store;
        this.log = log;
    }

    static QuickFixJProfile load(EngineSetup setup) {
        SessionSettings defaults = read(setup.profileFile());
        String store = get(defaults, "fixbench.store", "memory");
        String log = get(defaults, "fixbench.log", "none");
        if (!store.equals("file") && !store.equals("memory")) {
            throw new IllegalArgumentException(setup.profileFile() + ": fixbench.store must be file or memory (was '"
                    + store + "')");
        }
        if (!log.equals("file") && !log.equals("none")) {
            throw new IllegalArgumentException(setup.profileFile() + ": fixbench.log must be file or none (was '"
                    + log + "')");
        }
        return new QuickFixJProfile(setup.profileFile(), store, log);
    }

    /** Where the profile's sessions keep their numbers and messages: memory, a file store, or one synced per write. */
    static org.fixbench.engine.Durability durability(Path profileFile) {
        SessionSettings defaults = read(profileFile);
        if (!get(defaults, "fixbench.store", "memory").equals("file")) {
            return org.fixbench.engine.Durability.MEMORY;
        }
        return get(defaults, "FileStoreSync", "N").equalsIgnoreCase("Y") ? org.fixbench.engine.Durability.SYNCED
                : org.fixbench.engine.Durability.FILE;
    }

    /** {@code SocketUseSSL=Y}: QuickFIX/J's own TLS; else plain TCP. */
    static org.fixbench.engine.Tls tls(Path profileFile) {
        return QuickFixJTls.on(read(profileFile)) ? org.fixbench.engine.Tls.NATIVE : org.fixbench.engine.Tls.NONE;
    }

    /** The folder of one side's files in the work folder: its store, its log, its TLS stores. */
    static Path side(EngineSetup setup, boolean acceptor) {
        return setup.workDirectory().resolve(acceptor ? "quickfixj-server" : "quickfixj-client");
    }

    private static SessionSettings read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return new SessionSettings(in);
        } catch (IOException | ConfigError e) {
            throw new IllegalArgumentException("cannot read QuickFIX/J profile " + file + ": " + e.getMessage(), e);
        }
    }

    private static String get(SessionSettings settings, String key, String fallback) {
        try {
            return settings.isSetting(key) ? settings.getString(key).trim() : fallback;
        } catch (ConfigError e) {
            return fallback;
        }
    }

    /**
     * Settings for one side: the profile's [default] section plus a section per session of this benchmark (one per
     * {@linkplain EngineSetup#clientCompIds() client identity}; an acceptor serves them all on its one port, an
     * initiator connects each).
     */
    SessionSettings settings(boolean acceptor, InetSocketAddress address, EngineSetup setup) throws IOException {
        Path workDirectory = setup.workDirectory();
        SessionSettings settings = read(file);
        Path side;
        try {
            side = Files.createDirectories(side(setup, acceptor));
        } catch (IOException e) {
            // one line naming the engine and the cause (a folder it may not write, a full disk)
            throw new IOException("quickfixj: cannot make the folder of its store and log " + side(setup, acceptor)
                    + ": " + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                    : e.getMessage()), e);
        }
        for (SessionID id : sessionIds(acceptor, setup)) {
            settings.setString(id, "ConnectionType", acceptor ? "acceptor" : "initiator");
            if (acceptor) {
                settings.setString(id, "SocketAcceptAddress", address.getAddress().getHostAddress());
                settings.setLong(id, "SocketAcceptPort", address.getPort());
            } else {
                settings.setString(id, "SocketConnectHost", address.getAddress().getHostAddress());
                settings.setLong(id, "SocketConnectPort", address.getPort());
                settings.setLong(id, "ReconnectInterval", 1);
            }
            settings.setString(id, "FileStorePath", side.resolve("store").toString());
            settings.setString(id, "FileLogPath", side.resolve("log").toString());
        }
        if (QuickFixJTls.on(settings)) {
            QuickFixJTls.configure(settings, sessionIds(acceptor, setup), acceptor, setup, side);
        }
        return settings;
    }

    /** Every session of the benchmark, in session order, as seen from one side. */
    static java.util.List<SessionID> sessionIds(boolean acceptor, EngineSetup setup) {
        return setup.clientCompIds().stream().map(client -> acceptor
                ? new SessionID(Workload.BEGIN_STRING, setup.serverCompId(), client)
                : new SessionID(Workload.BEGIN_STRING, client, setup.serverCompId())).toList();
    }

    static SessionID sessionId(boolean acceptor, EngineSetup setup) {
        return acceptor
                ? new SessionID(Workload.BEGIN_STRING, setup.serverCompId(), setup.clientCompId())
                : new SessionID(Workload.BEGIN_STRING, setup.clientCompId(), setup.serverCompId());
    }

    MessageStoreFactory storeFactory(SessionSettings settings) {
        return store.equals("file") ? new FileStoreFactory(settings) : new MemoryStoreFactory();
    }

    LogFactory logFactory(SessionSettings settings) {
        return log.equals("file") ? new FileLogFactory(settings) : new NoLog.Factory();
    }
}
