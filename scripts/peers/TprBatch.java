// Runs cs0x7f's TPR-4x4x4-Solver on many states in one JVM, for scripts/bench_bigcube_peers.sh.
// Not part of twisty: it only calls the peer's public API (cs.threephase.Search) and needs the
// peer's own jars on the class path (threephase.jar, twophase.jar), run with the source launcher:
//   cd PEER_DIR && java -cp threephase.jar:twophase.jar TprBatch.java < states
// Input: one 96-letter facelet string per line (faces U R F D L B, each row by row, letters
// U R F D L B). Output on stdout: `# startup_ms T` once the tables are loaded, then per state
// `ms<TAB>solution` or `ERROR<TAB>message`. The peer's own prints go to stderr.
import java.io.*;

public class TprBatch {
    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        PrintStream out = System.out;
        System.setOut(System.err);
        try (DataInputStream dis = new DataInputStream(new BufferedInputStream(new FileInputStream("twophase.data")))) {
            cs.min2phase.Tools.initFrom(dis);
        } catch (IOException e) {
            try (DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(new FileOutputStream("twophase.data")))) {
                cs.min2phase.Tools.saveTo(dos);
            }
        }
        try (DataInputStream dis = new DataInputStream(new BufferedInputStream(new FileInputStream("threephase.data")))) {
            cs.threephase.Tools.initFrom(dis);
        } catch (IOException e) {
            try (DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(new FileOutputStream("threephase.data")))) {
                cs.threephase.Tools.saveTo(dos);
            }
        }
        cs.threephase.Search search = new cs.threephase.Search();
        cs.threephase.Search.init();
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
                String sol = search.solution(line);
                out.printf("%.3f\t%s%n", (System.nanoTime() - t) / 1e6, sol.trim().replaceAll("\\s+", " "));
            } catch (RuntimeException e) {
                out.printf("ERROR\t%s%n", e);
            }
            out.flush();
        }
    }
}
