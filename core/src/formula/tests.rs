use super::*;

fn num(src: &str, vars: &[&str], values: &[f64]) -> f64 {
    Formula::compile(src, vars, Type::Number).unwrap_or_else(|e| panic!("{src}: {e}")).eval(values)
}

fn err(src: &str, vars: &[&str], want: Type) -> FormulaError {
    match Formula::compile(src, vars, want) {
        Ok(_) => panic!("{src} compiled"),
        Err(e) => e,
    }
}

#[test]
fn arithmetic_follows_the_stated_precedence() {
    let v = &["map", "reduce"];
    assert_eq!(num("3*map + 2*reduce", v, &[4.0, 1.0]), 14.0);
    assert_eq!(num("-2^2", &[], &[]), -4.0);
    assert_eq!(num("2^3^2", &[], &[]), 512.0);
    assert_eq!(num("2^-1", &[], &[]), 0.5);
    assert_eq!(num("(1 + 2) * 3 - 4 / 8", &[], &[]), 8.5);
    assert_eq!(num("10 - 3 - 2", &[], &[]), 5.0);
    assert_eq!(num("1/2", &[], &[]), 0.5, "numbers are real numbers: 1/2 is not 0");
    assert_eq!(num(".5 + 1e-3 + 2.", &[], &[]), 2.501);
    assert_eq!(num("--3", &[], &[]), 3.0);
}

#[test]
fn the_functions_conditions_and_if() {
    let v = &["a", "b", "c"];
    let x = [3.0, -4.0, 2.5];
    assert_eq!(num("min(a, b, c)", v, &x), -4.0);
    assert_eq!(num("max(a, b, c)", v, &x), 3.0);
    assert_eq!(num("abs(b) + sqrt(16) + pow(2, 3) + floor(c) + ceil(c)", v, &x), 4.0 + 4.0 + 8.0 + 2.0 + 3.0);
    assert_eq!(num("ln(exp(2))", v, &x), 2.0);
    assert_eq!(num("log10(1000)", v, &x), 3.0);
    assert_eq!(num("if(a > b && !(c == 2.5), 1, if(a >= 3 || b != b, 2, 3))", v, &x), 2.0);
    assert_eq!(num("if(a < b, 1, 0) + if(a <= 3, 10, 0)", v, &x), 10.0);
    let drop = Formula::compile("r > m*c || q >= v", &["r", "m", "c", "q", "v"], Type::Condition).unwrap();
    assert!(drop.holds(&[50.0, 2.0, 20.0, 0.0, 10.0]));
    assert!(!drop.holds(&[30.0, 2.0, 20.0, 0.0, 10.0]));
    assert!(drop.holds(&[30.0, 2.0, 20.0, 10.0, 10.0]));
}

#[test]
fn evaluation_uses_libm_and_reports_what_it_reads() {
    let f = Formula::compile("x^0.3 + exp(y) + ln(x)", &["x", "y", "z"], Type::Number).unwrap();
    let want = libm::pow(2.0, 0.3) + libm::exp(0.7) + libm::log(2.0);
    assert_eq!(f.eval(&[2.0, 0.7, 9.0]).to_bits(), want.to_bits());
    assert!(f.uses(0) && f.uses(1) && !f.uses(2));
    assert!(f.eval(&[2.0]).is_nan(), "too few values read as NaN, never a panic");
    assert!(num("sqrt(x)", &["x"], &[-1.0]).is_nan());
    assert!(num("min(x, 1)", &["x"], &[f64::NAN]).is_nan(), "a NaN is kept for the caller's check");
    assert!(num("max(1, x)", &["x"], &[f64::NAN]).is_nan());
}

#[test]
fn errors_name_the_position_and_what_is_available() {
    let v = &["map", "reduce"];
    let e = err("3*mpa + 2*reduce", v, Type::Number);
    assert_eq!((e.line, e.column), (1, 3));
    assert!(e.message.contains("unknown variable \"mpa\"") && e.message.contains("map, reduce"), "{e}");
    let e = err("3*(map+", v, Type::Number);
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("ends too early"), "{e}");
    let e = err("foo(map)", v, Type::Number);
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("unknown function \"foo\"") && e.message.contains("sqrt"), "{e}");
    let e = err("map +\n  * reduce", v, Type::Number);
    assert_eq!((e.line, e.column), (2, 3), "{e}");
    assert!(e.message.contains("unexpected \"*\""), "{e}");
    let e = err("min(map reduce)", v, Type::Number);
    assert!(e.message.contains("\",\""), "{e}");
    let e = err("(map reduce)", v, Type::Number);
    assert!(!e.message.contains("\",\""), "{e}");
    assert_eq!(err("sqrt + 1", v, Type::Number).message, "\"sqrt\" is a function: write sqrt(…)");
    assert!(err("map(2)", v, Type::Number).message.contains("is a variable, not a function"));
    assert!(err("min(map)", v, Type::Number).message.contains("at least 2 arguments"));
    assert!(err("sqrt(map, 2)", v, Type::Number).message.contains("1 argument, not 2"));
    assert!(err("", v, Type::Number).message.contains("empty"));
    assert!(err("1e999", v, Type::Number).message.contains("too large"));
    assert_eq!(
        format!("{}", err("x", &[], Type::Number)),
        "at 1:1: unknown variable \"x\"; this rule has no variables"
    );
}

#[test]
fn types_are_checked_before_anything_runs() {
    let v = &["a", "b"];
    let e = err("a && b", v, Type::Number);
    assert!(e.message.contains("left side of \"&&\" must be a condition"), "{e}");
    let e = err("a < b < 3", v, Type::Number);
    assert!(e.message.contains("a < b && b < c"), "{e}");
    assert!(err("a > b", v, Type::Number).message.contains("gives a condition"));
    assert!(err("a + b", v, Type::Condition).message.contains("gives a number"));
    assert!(err("if(a, 1, 2)", v, Type::Number).message.contains("first argument of if"));
    assert!(err("if(a > 0, 1, a > 2)", v, Type::Number).message.contains("one type"));
    assert!(err("!a", v, Type::Number).message.contains("operand of \"!\""));
    assert!(err("-(a > b)", v, Type::Number).message.contains("operand of \"-\""));
    assert!(err("min(a, a > b)", v, Type::Number).message.contains("argument 2 of min"));
    assert!(Formula::compile("if(a > 0, a > 1, b > 1)", v, Type::Condition).is_ok());
}

#[test]
fn limits_stop_huge_and_deep_formulas_quickly() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(err(&deep, &[], Type::Number).message.contains("characters long"));
    let nested = format!("{}1{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
    let e = err(&nested, &[], Type::Number);
    assert_eq!(e.column, MAX_DEPTH + 1);
    assert!(e.message.contains("too deeply nested"), "{e}");
    let ok = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(num(&ok, &[], &[]), 1.0);
    let towers = vec!["2"; 400].join("^");
    assert!(err(&towers, &[], Type::Number).message.contains("too deeply nested"));
    let sum = vec!["1"; 450].join("+");
    assert_eq!(num(&sum, &[], &[]), 450.0, "a long flat sum needs two stack slots");
    assert_eq!(num("2^2 + 2^2", &[], &[]), 8.0);
    assert!(err(&"-".repeat(20), &[], Type::Number).message.contains("signs in a row"));
    assert!(num("1 - -1", &[], &[]) == 2.0 && Formula::compile("1 != 2", &[], Type::Condition).is_ok());
}

/// Forward-mode derivatives against the formulas' derivatives written out by hand.
#[test]
fn derivatives_are_exact() {
    let v = &["map", "reduce"];
    let d = |src: &str, x: &[f64], wrt| Formula::compile(src, v, Type::Number).unwrap().derivative(x, wrt);
    assert_eq!(d("3*map + 2*reduce", &[1.0, 1.0], 0), (5.0, 3.0));
    assert_eq!(d("3*map + 2*reduce", &[1.0, 1.0], 1), (5.0, 2.0));
    // Leontief: the derivative of the binding argument.
    assert_eq!(d("3*min(map/2, reduce)", &[0.4, 0.5], 0), (0.6000000000000001, 1.5));
    assert_eq!(d("3*min(map/2, reduce)", &[0.4, 0.5], 1), (0.6000000000000001, 0.0));
    // Cobb–Douglas.
    let (u, du) = d("map^0.5 * reduce^0.5", &[0.25, 0.64], 0);
    assert!((u - 0.4).abs() < 1e-15 && (du - 0.5 * 0.8 / 0.5).abs() < 1e-12, "{u} {du}");
    let (_, du) = d("ln(1 + map) + sqrt(reduce) + exp(map*reduce) + log10(map) + map/reduce", &[0.5, 0.25], 0);
    let want = 1.0 / 1.5 + 0.25 * libm::exp(0.125) + 1.0 / (0.5 * std::f64::consts::LN_10) + 1.0 / 0.25;
    assert!((du - want).abs() < 1e-12, "{du} {want}");
    assert_eq!(d("if(map > 0.5, map^2, -map) + abs(reduce - 1)", &[0.25, 0.5], 0).1, -1.0);
    assert_eq!(d("if(map > 0.5, map^2, -map) + abs(reduce - 1)", &[0.25, 0.5], 1).1, -1.0);
    assert_eq!(d("floor(map*10) + pow(2, map)", &[0.5, 0.0], 0).1, libm::pow(2.0, 0.5) * std::f64::consts::LN_2);
    assert_eq!(d("0^0.5 + 0*map", &[0.0, 0.0], 0), (0.0, 0.0), "a constant power of zero is flat, not NaN");
}

#[test]
fn the_gradient_in_one_sweep() {
    let g = |src: &str, x: &[f64]| {
        let f = Formula::compile(src, &["map", "reduce", "cpu"], Type::Number).unwrap();
        let mut grad = [f64::NAN; 3];
        let v = f.gradient(x, &mut grad, &mut Tape::default());
        (v, grad)
    };
    assert_eq!(g("3*map + 2*reduce", &[0.3, 0.2, 0.9]), (3.0 * 0.3 + 2.0 * 0.2, [3.0, 2.0, 0.0]));
    assert_eq!(g("3*min(map/2, reduce)", &[0.3, 0.2, 0.0]).1, [1.5, 0.0, 0.0], "the branch taken");
    assert_eq!(g("if(map > reduce, map*reduce, cpu^2)", &[0.5, 0.25, 3.0]).1, [0.25, 0.5, 0.0]);
    assert_eq!(g("map^reduce", &[2.0, 3.0, 0.0]).1, [3.0 * 4.0, 8.0 * libm::log(2.0), 0.0]);
    assert_eq!(g("floor(map) + if(cpu > 1, 0, cpu) + abs(-reduce)", &[2.5, 1.0, 2.0]).1, [0.0, 1.0, 0.0]);
    // 0·∞ in the backward sweep (√0 under a factor 0): forward mode's 0 instead.
    assert_eq!(g("sqrt(0*map) + reduce", &[0.5, 0.5, 0.0]).1, [0.0, 1.0, 0.0]);
    // A program that reads past the values: NaN, never a panic.
    let f = Formula::compile("cpu", &["map", "reduce", "cpu"], Type::Number).unwrap();
    assert!(f.gradient(&[1.0], &mut [0.0; 1], &mut Tape::default()).is_nan());
}

#[test]
fn affine_formulas_have_slopes() {
    let slopes = |src: &str| Formula::compile(src, &["map", "reduce", "cpu"], Type::Number).unwrap().slopes(3);
    assert_eq!(slopes("3*map + 2*reduce"), Some(vec![3.0, 2.0, 0.0]));
    assert_eq!(slopes("(map - reduce)/4 + 2^3 - cpu*max(1, 2)"), Some(vec![0.25, -0.25, -2.0]));
    assert_eq!(slopes("-(map*0.5) + 7"), Some(vec![-0.5, 0.0, 0.0]));
    assert_eq!(slopes("1"), Some(vec![0.0; 3]));
    for other in
        ["map*reduce", "map/reduce", "min(map, reduce)", "map^1", "abs(map)", "if(1 > 0, map, cpu)", "sqrt(map)"]
    {
        assert_eq!(slopes(other), None, "{other}");
    }
    // Not finite: no slopes (the run then meets it and names it).
    assert_eq!(slopes("1e300*1e300*map"), None);
    assert_eq!(slopes("map/0"), None);
    // Fewer values than the formula reads.
    let f = Formula::compile("cpu", &["map", "reduce", "cpu"], Type::Number).unwrap();
    assert_eq!(f.slopes(2), None);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Random formulas over x and y, as text.
    fn formula() -> impl Strategy<Value = String> {
        let leaf =
            prop_oneof![(0.1f64..5.0).prop_map(|c| format!("{c}")), Just("x".to_string()), Just("y".to_string()),];
        leaf.prop_recursive(5, 40, 4, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone(), prop_oneof![Just("+"), Just("-"), Just("*"), Just("/")])
                    .prop_map(|(a, b, op)| format!("({a} {op} {b})")),
                inner.clone().prop_map(|a| format!("exp(({a}) / 10)")),
                inner.clone().prop_map(|a| format!("sqrt(1 + ({a})^2)")),
                inner.clone().prop_map(|a| format!("ln(2 + abs({a}))")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b}, 0.5)")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("if({a} < {b}, {a}, {b}*2)")),
                inner.prop_map(|a| format!("(1 + ({a})^2)^0.5")),
            ]
        })
    }

    /// Random numbers and conditions over x and y, with every operator, `if`, `&&`, `||`, `!`.
    fn condition_or_number() -> impl Strategy<Value = String> {
        let leaf =
            prop_oneof![prop::sample::select(vec!["x", "y", "0", "1", "2.5", "-1", "1e308"]).prop_map(String::from),];
        leaf.prop_recursive(6, 60, 3, |inner| {
            let cond = (inner.clone(), prop::sample::select(vec!["<", "<=", ">", ">=", "==", "!="]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})"));
            prop_oneof![
                (inner.clone(), prop::sample::select(vec!["+", "-", "*", "/", "^"]), inner.clone())
                    .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
                (cond.clone(), prop::sample::select(vec!["&&", "||"]), cond.clone())
                    .prop_map(|(a, op, b)| format!("if({a} {op} {b}, 1, 0)")),
                (cond.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
                (cond.clone(), cond.clone(), cond.clone())
                    .prop_map(|(a, b, c)| format!("if(!{a} && {b} || {c}, x, y)")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("min({a}, {b}, x)")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max(x, {a}) - pow({b}, y)")),
                (prop::sample::select(vec!["sqrt", "ln", "exp", "abs", "floor", "ceil", "log10", "-"]), inner.clone())
                    .prop_map(|(f, a)| if f == "-" { format!("-{a}") } else { format!("{f}({a})") }),
                cond.prop_map(|c| format!("{c} && x > 0 || !(y < 1)")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The derivative matches a central difference where the formula is smooth there, and
        /// the value matches `eval` bit for bit.
        #[test]
        fn derivatives_match_finite_differences(src in formula(), x in 0.2f64..3.0, y in 0.2f64..3.0) {
            let f = Formula::compile(&src, &["x", "y"], Type::Number).unwrap();
            for wrt in 0..2 {
                let (v, d) = f.derivative(&[x, y], wrt);
                prop_assert_eq!(v.to_bits(), f.eval(&[x, y]).to_bits());
                if !v.is_finite() || !d.is_finite() {
                    continue;
                }
                let h = 1e-6;
                let at = |t: f64| if wrt == 0 { f.eval(&[x + t, y]) } else { f.eval(&[x, y + t]) };
                let (lo, hi) = (at(-h), at(h));
                let fd = (hi - lo) / (2.0 * h);
                // Only where the function is smooth around the point: the one-sided slopes agree.
                let (left, right) = ((v - lo) / h, (hi - v) / h);
                let smooth = (left - right).abs() <= 1e-3 * (1.0 + left.abs());
                if smooth {
                    prop_assert!((fd - d).abs() <= 1e-4 * (1.0 + d.abs()), "{src} d/d{wrt}: {d} vs {fd}");
                }
            }
        }

        /// Reverse mode gives forward mode's derivatives (up to the order of additions) and
        /// `eval`'s value, for every variable at once.
        #[test]
        fn the_gradient_is_every_derivative(src in formula(), x in 0.2f64..3.0, y in 0.2f64..3.0) {
            let f = Formula::compile(&src, &["x", "y"], Type::Number).unwrap();
            let (mut grad, mut tape) = ([9.0; 2], Tape::default());
            let v = f.gradient(&[x, y], &mut grad, &mut tape);
            prop_assert_eq!(v.to_bits(), f.eval(&[x, y]).to_bits(), "{}", src);
            for (wrt, &g) in grad.iter().enumerate() {
                let d = f.derivative(&[x, y], wrt).1;
                // Where the value itself is no number (0.1 / (y - y)) the run stops there, and the
                // two modes may disagree on a derivative of it (0 against 0 · ∞ = NaN).
                if v.is_finite() && (d.is_finite() || g.is_finite()) {
                    prop_assert!((g - d).abs() <= 1e-9 * (1.0 + d.abs()), "{src} d/d{wrt}: reverse {g} vs forward {d}");
                }
            }
        }

        /// An affine formula's slopes are its gradient at any point, bit for bit.
        #[test]
        fn slopes_are_the_gradient_everywhere(
            terms in prop::collection::vec((-5.0f64..5.0, 0usize..3, prop_oneof![Just("*"), Just("/")]), 1..8),
            x in -3.0f64..3.0, y in 0.0f64..1.0, z in 0.0f64..1e6,
        ) {
            let names = ["x", "y", "z"];
            let src = terms.iter().map(|(c, v, op)| format!("{} {op} ({c})", names[*v])).collect::<Vec<_>>().join(" - ");
            let f = Formula::compile(&src, &names, Type::Number).unwrap();
            let (mut grad, mut tape) = ([0.0; 3], Tape::default());
            f.gradient(&[x, y, z], &mut grad, &mut tape);
            match f.slopes(3) {
                Some(s) => prop_assert_eq!(s.iter().map(|g| g.to_bits()).collect::<Vec<_>>(), grad.iter().map(|g| g.to_bits()).collect::<Vec<_>>(), "{}", src),
                None => prop_assert!(grad.iter().any(|g| !g.is_finite()), "{} has finite slopes {:?}", src, grad),
            }
        }

        /// The evaluation that skips untaken branches and folds leaves gives the value of
        /// running every step, bit for bit, NaN and infinities included, conditions too.
        #[test]
        fn eval_is_the_strict_postfix_value(
            src in condition_or_number(),
            x in prop_oneof![Just(0.0), Just(-0.0), Just(f64::NAN), Just(f64::INFINITY), -3.0f64..3.0],
            y in prop_oneof![Just(0.0), Just(1.0), Just(f64::NAN), -3.0f64..3.0],
        ) {
            for t in [Type::Number, Type::Condition] {
                if let Ok(f) = Formula::compile(&src, &["x", "y"], t) {
                    let (fast, strict) = (f.eval(&[x, y]), f.program.eval_strict(&[x, y]));
                    // Bit for bit, but for a NaN's sign and payload: which NaN operand a
                    // multiplication passes on is the hardware's (x86 and wasm differ too), and a
                    // formula that gives NaN stops the run whatever its bits.
                    let same = fast.to_bits() == strict.to_bits() || (fast.is_nan() && strict.is_nan());
                    prop_assert!(same, "{} at ({}, {}): {} vs {}", src, x, y, fast, strict);
                }
            }
        }

        /// A formula compiled through its shape is the formula compiled from its text.
        #[test]
        fn the_shared_compile_is_the_compile(src in condition_or_number(), k in 0u32..1000) {
            // Other numbers in the same shape, some written in other forms.
            let other = src.replace("2.5", &format!("{k}.{k}e-1")).replace("1e308", ".5");
            for s in [src.as_str(), other.as_str()] {
                for t in [Type::Number, Type::Condition] {
                    assert_same_as_compiled(s, &["x", "y"], t);
                }
            }
        }

        /// Near the limits (chains of powers, runs of signs, numbers with exponents, nesting),
        /// compiling through the shape gives what compiling the text does: the shape's limits
        /// stand for the text's (`cache.rs`, `by_shape`).
        #[test]
        fn near_the_limits_the_shared_compile_is_the_compile(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec!["x^", "1e-3^", "2.5^", "2e+1", "-", "!", "(", ")", " ", "x", "7", "+", "1e-"]),
                0..140,
            )
        ) {
            let src = pieces.concat();
            for t in [Type::Number, Type::Condition] {
                assert_same_as_compiled(&src, &["x", "y"], t);
            }
        }

        /// Any text: an error with a position inside the text, or a formula; never a panic.
        #[test]
        fn any_text_compiles_or_fails_cleanly(src in "[-+*/^()<>=!&|,. a-z0-9]{0,60}") {
            match Formula::compile(&src, &["x", "y"], Type::Number) {
                Ok(f) => {
                    let _ = f.eval(&[1.0, 2.0]);
                    let _ = f.derivative(&[1.0, 2.0], 0);
                    let _ = f.gradient(&[1.0, 2.0], &mut [0.0; 2], &mut Tape::default());
                }
                Err(e) => {
                    prop_assert!(e.line == 1 && e.column >= 1 && e.column <= src.chars().count() + 1, "{e:?} for {src:?}");
                    prop_assert!(!e.message.is_empty());
                }
            }
        }
    }
}

/// The parser's recursion on the longest right-nested formula the length limit lets through
/// fits a small stack (a wasm page has 1 MB; this thread 256 KB).
#[test]
fn the_deepest_parse_fits_a_small_stack() {
    let towers = vec!["2"; MAX_LENGTH / 2].join("^");
    let signs = vec!["-(1"; MAX_DEPTH].join("+") + &")".repeat(MAX_DEPTH);
    let sum = vec!["x"; MAX_LENGTH / 2].join("+");
    let mixed = vec!["-x^-x^x"; MAX_LENGTH / 8].join("*");
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let compile = |s: &str| Formula::compile(s, &["x"], Type::Number).map(|f| f.eval(&[1.0]));
            (compile(&towers), compile(&signs), compile(&sum), compile(&mixed))
        })
        .unwrap();
    let (towers, signs, sum, mixed) = handle.join().expect("no stack overflow");
    assert!(towers.unwrap_err().message.contains("more than 48 powers"));
    assert!(signs.is_ok(), "{signs:?}");
    assert_eq!(sum, Ok((MAX_LENGTH / 2) as f64));
    assert_eq!(mixed, Ok(-1.0));
}

#[test]
fn compiling_again_reuses_the_first_compile() {
    use std::sync::Arc;
    let a = Formula::compile_shared("2*x + y", &["x", "y"], Type::Number).unwrap();
    let b = Formula::compile_shared("2*x + y", &["x", "y"], Type::Number).unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    // Other variables, another type, another text: compiled on their own.
    let c = Formula::compile_shared("2*x + y", &["y", "x"], Type::Number).unwrap();
    assert!(!Arc::ptr_eq(&a, &c));
    assert_eq!((a.eval(&[1.0, 10.0]), c.eval(&[1.0, 10.0])), (12.0, 21.0));
    assert!(Formula::compile_shared("2*x + y", &["x", "y"], Type::Condition).is_err());
    assert!(Formula::compile_shared("2*x + y > 1", &["x", "y"], Type::Condition).is_ok());
    // Errors are kept and given again, the same.
    let e1 = Formula::compile_shared("2*x + z", &["x", "y"], Type::Number).unwrap_err();
    let e2 = Formula::compile_shared("2*x + z", &["x", "y"], Type::Number).unwrap_err();
    assert_eq!(e1, e2);
    assert_eq!(e1, Formula::compile("2*x + z", &["x", "y"], Type::Number).unwrap_err());
}

/// `compile_shared` and `compile` give the same program, or the same error, for formulas that
/// share a shape with others (the cache compiles the shape once and puts each one's numbers in).
fn assert_same_as_compiled(src: &str, vars: &[&str], t: Type) {
    let direct = Formula::compile(src, vars, t);
    match Formula::compile_shared(src, vars, t) {
        Ok(shared) => {
            let direct = direct.unwrap_or_else(|e| panic!("{src}: shared compiled, direct failed: {e}"));
            assert_eq!(format!("{:?}", shared.program), format!("{:?}", direct.program), "{src}");
            assert_eq!(shared.source(), src);
        }
        Err(e) => assert_eq!(Err(e), direct.map(|_| ()), "{src}"),
    }
}

#[test]
fn formulas_that_differ_in_their_numbers_share_a_compile_and_give_their_own_program() {
    let vars = ["R1", "x_2", "e", "E5"];
    for src in [
        "0.62*R1 + 1.39*x_2",
        "0.5*R1 + 7*x_2",
        "1e3*R1 - .5*x_2 + 2.*e + 1E-2*E5 + 007",
        "3e*R1",
        "2e+*R1",
        "1.2.3 + R1",
        "2R1",
        "1e999*R1",
        "R1 + 1e308*10",
        "min(R1, 2, 3.5) + if(x_2 > 1.5, 2^0.5, -3)",
        "1.5 + y",
        "σ1 + 2",
        "5",
    ] {
        assert_same_as_compiled(src, &vars, Type::Number);
    }
    assert_same_as_compiled("R1 > 2 && x_2 <= 0.25e1", &vars, Type::Condition);
    // Past the length limit only because of a long literal: refused as the text is, though
    // its shape is short.
    let long = format!("R1 + 1.{}", "0".repeat(1_000));
    assert_same_as_compiled(&long, &vars, Type::Number);
    assert!(Formula::compile_shared(&long, &vars, Type::Number).is_err());
    // At the limits of nesting, powers and signs, with numbers whose exponents hold signs: the
    // shape's limits stand for the text's.
    for src in [
        format!("R1{}", "^1e-1".repeat(super::MAX_DEPTH)),
        format!("R1{}", "^2".repeat(super::MAX_DEPTH + 1)),
        format!("{}R1^1e-3", "-".repeat(8)),
        format!("{}1e-3*R1", "-".repeat(9)),
        format!("{}1e-3*R1{}", "(".repeat(super::MAX_DEPTH), ")".repeat(super::MAX_DEPTH)),
        format!("{}1e+3{}", "(".repeat(super::MAX_DEPTH + 1), ")".repeat(super::MAX_DEPTH + 1)),
    ] {
        assert_same_as_compiled(&src, &vars, Type::Number);
    }
}
