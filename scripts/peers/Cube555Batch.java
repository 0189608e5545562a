// Runs cs0x7f's cube555 (5x5x5 reduction) and its 3x3x3 stage (min2phase, as the peer's own
// demo does) on many states in one JVM, for scripts/bench_bigcube_peers.sh. Not part of
// twisty: it only calls the peer's public API and needs the peer's built jar on the class
// path, run with the source launcher:
//   cd PEER_DIR && java -Xmx2g -cp dist/cube555.jar:lib/twophase.jar Cube555Batch.java < states
// Input: one 150-letter facelet string per line (faces U R F D L B, each row by row).
// Output on stdout: `# startup_ms T` once the tables are loaded, then per state
// `ms<TAB>reduction moves . 3x3x3 moves` or `ERROR<TAB>message`. The peer's own prints go
// to stderr.
import java.io.*;

public class Cube555Batch {
    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        PrintStream out = System.out;
        System.setOut(System.err);
        cs.cube555.Search.init();
        cs.min2phase.Search.init();
        cs.cube555.Search search = new cs.cube555.Search();
        cs.min2phase.Search search333 = new cs.min2phase.Search();
        out.printf("# startup_ms %.1f%n", (System.nanoTime() - t0) / 1e6);
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            long t = System.nanoTime();
            try {
                String[] ret = search.solveReduction(line, 0);
                if (ret[0].contains("Error")) {
                    out.printf("ERROR\t%s%n", ret[0]);
                } else {
                    String s333 = search333.solution(ret[1], 21, Integer.MAX_VALUE, 500, 0);
                    if (s333.contains("Error")) {
                        out.printf("ERROR\t3x3x3 stage: %s%n", s333);
                    } else {
                        String sol = ret[0].trim() + " . " + s333.trim();
                        out.printf("%.3f\t%s%n", (System.nanoTime() - t) / 1e6, sol.replaceAll("\\s+", " "));
                    }
                }
            } catch (RuntimeException e) {
                out.printf("ERROR\t%s%n", e);
            }
            out.flush();
        }
    }
}
