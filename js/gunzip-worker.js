// Unpacks build/python.snapshot (a gzip of a 31 MB memory image) off the page's main thread:
// done there by DecompressionStream it was one task of 2.4-3.6 s at a phone's CPU (a 4x
// slowed trace, bench/trace.py), and copying its chunks into one buffer another 0.9-1.3 s.
// Takes the packed bytes (transferred), answers the memory (transferred) or an error string.
self.onmessage = async ({ data }) => {
  try {
    const memory = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    const buffer = await new Response(memory).arrayBuffer();
    self.postMessage(buffer, [buffer]);
  } catch (error) {
    self.postMessage(String(error?.message ?? error));
  }
};
