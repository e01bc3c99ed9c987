#[test]
fn scratch() {
    for top in ["simpleuart", "spimemio", "serv_compdec", "picorv32_pcpi_mul", "picorv32_system", "serv_rf_top"] {
        let json = std::fs::read_to_string(format!("/tmp/{top}.json")).unwrap();
        let opts = sim_core::yosys::ImportOptions { top: Some(top.into()), ..Default::default() };
        let t = std::time::Instant::now();
        match sim_core::yosys::from_json(&json, &opts) {
            Ok(i) => eprintln!("{top}: ok {:?} warnings {:?}", t.elapsed(), i.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()),
            Err(e) => eprintln!("{top}: ERROR {e}"),
        }
    }
}
