package org.fixbench.engine.artio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.fixbench.engine.Directories;
import org.fixbench.engine.artio.codecs.FixDictionaryImpl;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.LowResourceEngineScheduler;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.SessionAcquireHandler;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;

/**
 * One side's Artio stack: its own embedded ArchivingMediaDriver (shared threading, as a 2-CPU machine needs),
 * a FixEngine (the framer, owning the TCP connection) and a FixLibrary (the application's view, polled by our
 * thread). Every directory (Aeron, archive, logs, monitoring files) is new for this node and deleted on close,
 * also after a failure.
 */
final class ArtioNode implements AutoCloseable {
    private static final String IPC = "aeron:ipc";

    private final Path aeronDir;
    private final Path dataDir;
    private ArchivingMediaDriver driver;
    private FixEngine engine;
    FixLibrary library;

    ArtioNode(Path workDirectory, String role) throws IOException {
        Path shm = org.fixbench.engine.Directories.SHM;
        String unique = org.fixbench.engine.Directories.workName("artio-" + role); // its owner's pid in the name
        this.aeronDir = Files.isDirectory(shm) ? shm.resolve(unique) : workDirectory.resolve(unique).resolve("aeron");
        this.dataDir = Files.createDirectories(workDirectory.resolve(unique));
    }

    /**
     * Starts driver, engine and library; {@code bindPort} > 0 makes the engine an acceptor on that port.
     */
    void start(ArtioProfile profile, String bindHost, int bindPort, SessionAcquireHandler acquire, long timeoutMillis) {
        start(profile, bindHost, bindPort, acquire, timeoutMillis, null);
    }

    /** As above; an acceptor logs on only the SenderCompIDs in {@code identities} (null: any). */
    void start(ArtioProfile profile, String bindHost, int bindPort, SessionAcquireHandler acquire, long timeoutMillis,
               java.util.Set<String> identities) {
        boolean ok = false;
        try {
            MediaDriver.Context driverContext = new MediaDriver.Context()
                    .aeronDirectoryName(aeronDir.toString())
                    .threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(profile.background())
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true);
            Archive.Context archiveContext = new Archive.Context()
                    .aeronDirectoryName(aeronDir.toString())
                    .archiveDir(dataDir.resolve("archive").toFile())
                    .deleteArchiveOnStart(true)
                    .controlChannelEnabled(false)
                    .localControlChannel(IPC)
                    .archiveClientContext(new AeronArchive.Context().controlResponseChannel(IPC))
                    .replicationChannel("aeron:udp?endpoint=localhost:0")
                    .recordingEventsEnabled(false)
                    .threadingMode(ArchiveThreadingMode.SHARED)
                    .idleStrategySupplier(profile::background);
            driver = ArchivingMediaDriver.launch(driverContext, archiveContext);

            EngineConfiguration config = new EngineConfiguration()
                    .libraryAeronChannel(IPC)
                    .logFileDir(dataDir.resolve("logs").toString())
                    .deleteLogFileDirOnStart(true)
                    .logInboundMessages(profile.logMessages())
                    .logOutboundMessages(profile.logMessages())
                    .framerIdleStrategy(profile.framer())
                    .archiverIdleStrategy(profile.background())
                    .monitoringFile(dataDir.resolve("engine-monitoring").toString())
                    .defaultHeartbeatIntervalInS(profile.heartBtIntSeconds())
                    .printStartupWarnings(false);
            if (profile.scheduler().equals("lowResource")) {
                config.scheduler(new LowResourceEngineScheduler());
            }
            if (bindPort > 0) {
                config.bindTo(bindHost, bindPort)
                        .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
                        .acceptorfixDictionary(FixDictionaryImpl.class);
                if (identities != null) {
                    config.authenticationStrategy(logon -> identities.contains(logon.header().senderCompIDAsString()));
                }
            }
            config.aeronContext().aeronDirectoryName(aeronDir.toString());
            config.aeronArchiveContext().aeronDirectoryName(aeronDir.toString())
                    .controlRequestChannel(IPC).controlResponseChannel(IPC);
            engine = FixEngine.launch(config);

            LibraryConfiguration libraryConfig = new LibraryConfiguration()
                    .sessionAcquireHandler(acquire)
                    .libraryAeronChannels(List.of(IPC))
                    .libraryIdleStrategy(profile.hotPath())
                    .monitoringFile(dataDir.resolve("library-monitoring").toString())
                    .defaultHeartbeatIntervalInS(profile.heartBtIntSeconds());
            libraryConfig.aeronContext().aeronDirectoryName(aeronDir.toString());
            library = FixLibrary.connect(libraryConfig);
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (!library.isConnected()) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("artio: library did not connect to its engine within "
                            + timeoutMillis + " ms");
                }
                if (library.poll(10) == 0) {
                    Thread.yield();
                }
            }
            ok = true;
        } finally {
            if (!ok) {
                close();
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(library);
        closeQuietly(engine);
        closeQuietly(driver);
        library = null;
        engine = null;
        driver = null;
        Directories.deleteRecursively(aeronDir);
        Directories.deleteRecursively(dataDir);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing everything matters more than the first failure
            }
        }
    }
}
