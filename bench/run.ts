/** `npm run bench`: performance checks with printed figures. Each benchmark lives beside this file. */
console.log('no benchmarks yet');
