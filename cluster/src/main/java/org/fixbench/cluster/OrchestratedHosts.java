package org.fixbench.cluster;

import java.nio.file.Path;

import org.fixbench.cli.flow.AcrossHosts;

/** The cluster module's side of the seam: a cluster file read, its comparisons run by Jetty's cluster orchestrator. */
public final class OrchestratedHosts implements AcrossHosts {
    @Override
    public Cluster read(Path file) {
        return ClusterFile.read(file);
    }
}
