# modpow (e = 65537) time against modulus size, one line per kernel plus
# OpenSSL and GMP, from `fc_bench mont --csv FILE`:
#   gnuplot -e "csv='modpow.csv'; out='modpow.svg'" bench/plot_modpow.gp
if (!exists("csv")) csv = 'modpow.csv'
if (!exists("out")) out = 'modpow.svg'
set terminal svg size 800,520 dynamic font "sans,12"
set output out
set datafile separator ','
set key top left autotitle columnhead
set logscale y
set xlabel 'modulus bits'
set ylabel 'modpow, e = 65537 (us, log scale)'
set xtics (1024, 2048, 3072, 4096, 6144, 8192)
set grid
plot for [i=2:*] csv using 1:i with linespoints lw 2
