//! Criterion benchmark of the formula language: one evaluation of a compiled formula, and its
//! derivative, against the same expression written in Rust (the comparison in ARCHITECTURE.md,
//! "Formulas").

use std::hint::black_box;

use cloudecon::formula::{Formula, Type};
use criterion::{criterion_group, criterion_main, Criterion};

const LINEAR: &str = "3*map + 2*reduce";
const BRANCHY: &str = "if(r > m*c || q >= v, 0, min(a, b*2) + max(a, b, c)^0.5)";

fn formula(c: &mut Criterion) {
    let mut group = c.benchmark_group("formula");
    let linear = Formula::compile(LINEAR, &["map", "reduce"], Type::Number).expect("compiles");
    let vars = ["r", "m", "c", "q", "v", "a", "b"];
    let branchy = Formula::compile(BRANCHY, &vars, Type::Number).expect("compiles");
    let x = [0.3, 0.7];
    let y = [30.0, 2.0, 20.0, 1.0, 10.0, 4.0, 1.5];
    group.bench_function(format!("{LINEAR} (formula)"), |b| b.iter(|| linear.eval(black_box(&x))));
    group.bench_function(format!("{LINEAR} (Rust)"), |b| {
        b.iter(|| {
            let x = black_box(&x);
            3.0 * x[0] + 2.0 * x[1]
        })
    });
    group.bench_function(format!("{LINEAR} (formula, derivative)"), |b| b.iter(|| linear.derivative(black_box(&x), 0)));
    group.bench_function(format!("{BRANCHY} (formula)"), |b| b.iter(|| branchy.eval(black_box(&y))));
    group.bench_function(format!("{BRANCHY} (Rust)"), |b| {
        b.iter(|| {
            let [r, m, c, q, v, a, bb] = *black_box(&y);
            if r > m * c || q >= v {
                0.0
            } else {
                a.min(bb * 2.0) + libm::pow(a.max(bb).max(c), 0.5)
            }
        })
    });
    group.bench_function(format!("compile {BRANCHY}"), |b| {
        b.iter(|| Formula::compile(black_box(BRANCHY), &vars, Type::Number))
    });
    // A 16-term linear utility with full-precision weights: what each job of the 10,000 × 16
    // Abacus workload written as formulas compiles (BENCHMARKS.md, Abacus's utility formula).
    let names: Vec<String> = (1..=16).map(|j| format!("R{j}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let long =
        names.iter().enumerate().map(|(j, n)| format!("{}*{n}", 0.6 + j as f64 * 0.0837152694)).collect::<Vec<_>>();
    let long = long.join(" + ");
    group.bench_function("compile a 16-term linear utility", |b| {
        b.iter(|| Formula::compile(black_box(&long), &names, Type::Number))
    });
    group.finish();
}

criterion_group!(benches, formula);
criterion_main!(benches);
