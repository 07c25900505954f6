package org.fixbench.engine;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What an engine is given for one benchmark: its profile, a private work directory (file stores and logs go there,
 * never into the source tree), the address to bind, the server's timing hooks, a way to pin its threads, and a
 * place to note what it could not do (threads it cannot pin, probes it cannot provide).
 */
public final class EngineSetup {
    private final String profile;
    private final Path profileFile;
    private final Path workDirectory;
    private final InetAddress bindAddress;
    private final ServerHooks hooks;
    private final Consumer<String> pinner;
    private final Set<String> pinnedRoles = new HashSet<>();
    private final List<String> notes = new ArrayList<>();

    public EngineSetup(String profile, Path profileFile, Path workDirectory, InetAddress bindAddress,
                       ServerHooks hooks, Consumer<String> pinner) {
        this.profile = profile;
        this.profileFile = profileFile;
        this.workDirectory = workDirectory;
        this.bindAddress = bindAddress;
        this.hooks = hooks;
        this.pinner = pinner;
    }

    /** The same setup (hooks, pinning, notes shared) with another profile: for two engines on one session. */
    public EngineSetup withProfile(String otherProfile, Path otherProfileFile) {
        EngineSetup other = new EngineSetup(otherProfile, otherProfileFile, workDirectory, bindAddress, hooks, pinner);
        return other;
    }

    public String profile() { return profile; }
    public Path profileFile() { return profileFile; }
    public Path workDirectory() { return workDirectory; }
    public InetAddress bindAddress() { return bindAddress; }
    public ServerHooks hooks() { return hooks; }

    /** Pins the calling thread for {@code role} the first time a role asks; later calls do nothing. */
    public void pinCurrentThread(String role) {
        synchronized (pinnedRoles) {
            if (!pinnedRoles.add(role)) {
                return;
            }
        }
        pinner.accept(role);
    }

    /** Records a limitation for the results, e.g. "MINA I/O threads cannot be pinned". */
    public synchronized void note(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    /** The profile read as a properties file, for engines whose profiles are {@code .properties}. */
    public Properties profileProperties() {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(profileFile)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read profile " + profileFile + ": " + e.getMessage(), e);
        }
        return p;
    }
}
