module.exports = 'stub';
