//! The Verilog export of memories (see `sim_core::verilog`, *Memories*): the ROM and RAM
//! examples of `circuits/` written as arrays with `$readmemh` images, golden snippets.

use std::path::Path;

use sim_core::{format, verilog};

/// Loads `circuits/NAME` with its contents files beside it.
fn example(name: &str) -> format::Document {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    let text = std::fs::read_to_string(dir.join(name)).expect("the example exists");
    format::from_str_with(&text, name, &mut |file, _from| {
        std::fs::read_to_string(dir.join(file))
            .map(|t| (file.to_owned(), t))
            .map_err(|e| e.to_string())
    })
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Asserts that every line of `lines` is a line of `text`.
fn has_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.lines().any(|l| l == *line), "{line}\n{text}");
    }
}

#[test]
fn the_rom_example_is_an_array_read_by_its_address() {
    let doc = example("rom_hex_7seg.ron");
    let export = verilog::export(&doc, "rom_hex_7seg").expect("exports");
    has_lines(
        &export.verilog,
        &[
            "module rom_hex_7seg(D, SEG);",
            "  input [3:0] D;",
            "  output [6:0] SEG;",
            "  wire [6:0] DECODE;",
            "  reg [6:0] DECODE_mem [0:15];",
            "  initial $readmemh(\"rom_hex_7seg_DECODE.mem\", DECODE_mem);",
            "  reg [6:0] DECODE_mem_q;",
            "  always @* DECODE_mem_q = ^(D) === 1'bx ? DECODE_mem_read(D) : DECODE_mem[D];",
            "  assign DECODE = DECODE_mem_q;",
            "  assign SEG = DECODE;",
        ],
    );
    // A ROM is only read: its one `always` is the read's.
    assert_eq!(
        export.verilog.matches("always").count(),
        1,
        "{}",
        export.verilog
    );
    assert_eq!(export.images.len(), 1);
    let image = &export.images[0];
    assert_eq!(image.file, "rom_hex_7seg_DECODE.mem");
    let words: Vec<&str> = image.text.lines().skip(1).collect();
    assert_eq!(
        words,
        [
            "3f", "06", "5b", "4f", "66", "6d", "7d", "07", "7f", "6f", "77", "7c", "39", "5e",
            "79", "71"
        ]
    );
    assert!(image.text.starts_with("// DECODE: 16 words of 7 bits"));
    assert_eq!(
        verilog::memory_images(&doc, "rom_hex_7seg").expect("exports"),
        export.images
    );
    // `document` writes the same Verilog.
    let (text, warnings) = verilog::document(&doc, "rom_hex_7seg").expect("exports");
    assert_eq!(text, export.verilog);
    assert!(warnings.is_empty());
}

#[test]
fn the_ram_example_is_written_on_the_rising_edge_and_starts_from_its_file() {
    let doc = example("ram_16x4.ron");
    let export = verilog::export(&doc, "ram_16x4").expect("exports");
    has_lines(
        &export.verilog,
        &[
            "module ram_16x4(A, DIN, WE, CLK, DOUT);",
            "  wire [3:0] MEM;",
            "  reg [3:0] MEM_mem [0:15];",
            "  initial $readmemh(\"ram_16x4_MEM.mem\", MEM_mem);",
            "  always @* MEM_mem_q = ^(A) === 1'bx ? MEM_mem_read(A) : MEM_mem[A];",
            "  assign MEM = MEM_mem_q;",
            "  always @(posedge CLK) if (WE) MEM_mem[A] <= DIN;",
            "  assign DOUT = MEM;",
        ],
    );
    assert_eq!(export.images.len(), 1);
    assert_eq!(export.images[0].file, "ram_16x4_MEM.mem");
    // Words 0 to 2 from ram_16x4.hex; the rest unknown, written out.
    let mut expected = vec!["a", "5", "c"];
    expected.extend(["x"; 13]);
    let words: Vec<&str> = export.images[0].text.lines().skip(1).collect();
    assert_eq!(words, expected);
}

#[test]
fn a_ram_without_contents_has_no_image_and_partly_unknown_digits_go_binary() {
    let ram = r#"(version: 3, nodes: [(label: "A", kind: Switch, width: 2),
        (label: "D", kind: Switch, width: 3), (label: "W", kind: Switch),
        (label: "C", kind: Switch), (label: "M", kind: Ram(addr_bits: 2), width: 3),
        (label: "Y", kind: Lamp, width: 3)],
        wires: [(from: "A", to: "M"), (from: "D", to: "M", input: 1),
        (from: "W", to: "M", input: 2), (from: "C", to: "M", input: 3), (from: "M", to: "Y")])"#;
    let doc = format::from_str(ram).expect("loads");
    let export = verilog::export(&doc, "top").expect("exports");
    assert!(export.images.is_empty());
    assert!(!export.verilog.contains("$readmem"), "{}", export.verilog);
    has_lines(
        &export.verilog,
        &[
            "  reg [2:0] M_mem [0:3];",
            "  always @(posedge C) if (W) M_mem[A] <= D;",
        ],
    );
    // A ROM whose word 0b1x0 has a partly unknown hex digit: the image is binary.
    let rom = r#"(version: 3, nodes: [(label: "A", kind: Switch),
        (label: "M", kind: Rom(addr_bits: 1), width: 3, contents: ["0b1x0", 5]),
        (label: "Y", kind: Lamp, width: 3)],
        wires: [(from: "A", to: "M"), (from: "M", to: "Y")])"#;
    let doc = format::from_str(rom).expect("loads");
    let export = verilog::export(&doc, "top").expect("exports");
    has_lines(
        &export.verilog,
        &["  initial $readmemb(\"top_M.mem\", M_mem);"],
    );
    let words: Vec<&str> = export.images[0].text.lines().skip(1).collect();
    assert_eq!(words, ["1x0", "101"]);
}

#[test]
fn a_memory_in_a_part_has_one_image_for_every_instance() {
    let doc = format::from_str(
        r#"(version: 3,
        subcircuits: [(name: "lut", inputs: ["a"], outputs: ["y"],
            nodes: [(label: "a", kind: Switch, width: 2),
                    (label: "t", kind: Rom(addr_bits: 2), width: 4, contents: [1, 2, 4, 8]),
                    (label: "y", kind: Lamp, width: 4)],
            wires: [(from: "a", to: "t"), (from: "t", to: "y")])],
        instances: [(label: "u", of: "lut"), (label: "v", of: "lut")],
        nodes: [(label: "A", kind: Switch, width: 2), (label: "Y", kind: Lamp, width: 4),
                (label: "Z", kind: Lamp, width: 4)],
        wires: [(from: "A", to: "u.a"), (from: "A", to: "v.a"), (from: "u.y", to: "Y"),
                (from: "v.y", to: "Z")])"#,
    )
    .expect("loads");
    let export = verilog::export(&doc, "top").expect("exports");
    has_lines(
        &export.verilog,
        &[
            "module lut(a, y);",
            "  initial $readmemh(\"lut_t.mem\", t_mem);",
            "  always @* t_mem_q = ^(a) === 1'bx ? t_mem_read(a) : t_mem[a];",
            "  assign t = t_mem_q;",
        ],
    );
    assert_eq!(export.images.len(), 1, "{:?}", export.images);
    let words: Vec<&str> = export.images[0].text.lines().skip(1).collect();
    assert_eq!(words, ["1", "2", "4", "8"]);
    // The flattened circuit alone cannot be written with its memories.
    assert!(matches!(
        verilog::circuit(&doc.circuit, "top"),
        Err(verilog::ExportError::Memory { .. })
    ));
}
