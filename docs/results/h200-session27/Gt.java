import jdk.incubator.vector.*;
public class Gt {
  static final VectorSpecies<Integer> I = IntVector.SPECIES_512;
  public static void main(String[] a) {
    int[] t = new int[1 << 16]; for (int i = 0; i < t.length; i++) t[i] = (i * 7919) & 0xFFF0;
    int[] m0 = new int[16], m1 = new int[16], m2 = new int[16], m3 = new int[16];
    for (int r = 0; r < 8; r++) {
      long t0 = System.nanoTime();
      IntVector s0 = IntVector.broadcast(I, 1), s1 = IntVector.broadcast(I, 2), s2 = IntVector.broadcast(I, 3), s3 = IntVector.broadcast(I, 4);
      IntVector inc = IntVector.fromArray(I, new int[]{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}, 0);
      int N = 10_000_000;
      for (int i = 0; i < N; i++) {
        s0.add(inc).intoArray(m0, 0); s1.add(inc).intoArray(m1, 0); s2.add(inc).intoArray(m2, 0); s3.add(inc).intoArray(m3, 0);
        s0 = IntVector.fromArray(I, t, 0, m0, 0); s1 = IntVector.fromArray(I, t, 0, m1, 0);
        s2 = IntVector.fromArray(I, t, 0, m2, 0); s3 = IntVector.fromArray(I, t, 0, m3, 0);
      }
      long dt = System.nanoTime() - t0;
      System.out.printf("%.2f ns per gather (%d)%n", dt / (4.0 * N), s0.add(s1).add(s2).add(s3).reduceLanes(VectorOperators.ADD));
    }
  }
}
