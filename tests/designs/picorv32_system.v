// PicoRV32 (from the `pythondata-cpu-picorv32` package) running a program of the project's own
// from a 64-word RAM model, with one 32-bit I/O port at 0x1000_0000: a load there reads
// `in_data` (driven by the seeded random stimuli), a store there sets `out_data`. The RAM
// answers one cycle after `mem_valid` (`mem_ready` registered) and honours the byte strobes.
// Checked by tests/designs.rs: Icarus on this file and picorv32.v against Tritium on their
// import through Yosys.
module picorv32_system (
    input             clk,
    input             resetn,
    input      [31:0] in_data,
    output reg [31:0] out_data,
    output            trap,
    output            mem_valid,
    output     [31:0] mem_addr
);
  wire        mem_instr;
  reg         mem_ready;
  wire [31:0] mem_wdata;
  wire [ 3:0] mem_wstrb;
  reg  [31:0] mem_rdata;

  picorv32 #(
      .ENABLE_COUNTERS(0),
      .ENABLE_COUNTERS64(0),
      .CATCH_MISALIGN(0),
      .CATCH_ILLINSN(0)
  ) cpu (
      .clk(clk),
      .resetn(resetn),
      .trap(trap),
      .mem_valid(mem_valid),
      .mem_instr(mem_instr),
      .mem_ready(mem_ready),
      .mem_addr(mem_addr),
      .mem_wdata(mem_wdata),
      .mem_wstrb(mem_wstrb),
      .mem_rdata(mem_rdata),
      .pcpi_wr(1'b0),
      .pcpi_rd(32'b0),
      .pcpi_wait(1'b0),
      .pcpi_ready(1'b0),
      .irq(32'b0)
  );

  reg [31:0] memory[0:63];
  initial begin
    memory[ 0] = 32'h10000537; // 00: lui  x10, 0x10000      # x10 = 0x1000_0000, the I/O port
    memory[ 1] = 32'h00000113; // 04: addi x2, x0, 0         # x2 = 0, the running sum
    memory[ 2] = 32'h00052083; // 08: loop: lw x1, 0(x10)   # x1 = in_data
    memory[ 3] = 32'h00110133; // 0c: add  x2, x2, x1
    memory[ 4] = 32'h00311193; // 10: slli x3, x2, 3
    memory[ 5] = 32'h0011c1b3; // 14: xor  x3, x3, x1
    memory[ 6] = 32'h00352023; // 18: sw   x3, 0(x10)        # out_data = x3
    memory[ 7] = 32'h08202023; // 1c: sw   x2, 128(x0)       # RAM[32] = x2
    memory[ 8] = 32'h08002203; // 20: lw   x4, 128(x0)
    memory[ 9] = 32'h401202b3; // 24: sub  x5, x4, x1
    memory[10] = 32'h0012b333; // 28: sltu x6, x5, x1
    memory[11] = 32'h005363b3; // 2c: or   x7, x6, x5
    memory[12] = 32'h00752023; // 30: sw   x7, 0(x10)        # out_data = x7
    memory[13] = 32'hfc009ae3; // 34: bne  x1, x0, loop
    memory[14] = 32'hfd1ff06f; // 38: jal  x0, loop
  end

  wire io = mem_addr == 32'h1000_0000;
  always @(posedge clk) begin
    mem_ready <= 0;
    if (!resetn) begin
      out_data <= 0;
    end else if (mem_valid && !mem_ready) begin
      mem_ready <= 1;
      if (io) begin
        mem_rdata <= in_data;
        if (mem_wstrb != 0) out_data <= mem_wdata;
      end else begin
        mem_rdata <= memory[mem_addr[7:2]];
        if (mem_wstrb[0]) memory[mem_addr[7:2]][7:0] <= mem_wdata[7:0];
        if (mem_wstrb[1]) memory[mem_addr[7:2]][15:8] <= mem_wdata[15:8];
        if (mem_wstrb[2]) memory[mem_addr[7:2]][23:16] <= mem_wdata[23:16];
        if (mem_wstrb[3]) memory[mem_addr[7:2]][31:24] <= mem_wdata[31:24];
      end
    end
  end
endmodule
