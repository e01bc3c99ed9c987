//! Link settings for this crate's executables (the app, its tests, benches and examples).

fn main() {
    // Berkeley Espresso, linked through synth's `espresso-logic`, defines its own `strdup`
    // (which returns NULL for an empty string). The linker exports it from an executable,
    // and every shared library loaded later then calls it instead of the C library's —
    // Mesa's OpenGL and Vulkan drivers abort at start-up with "out of memory". Keeping the
    // static archives' symbols out of the executable's dynamic symbol table keeps it ours.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg=-Wl,--exclude-libs,ALL");
    }
}
