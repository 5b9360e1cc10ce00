export * from './subjectKeyStore';
export * from './inProcessSubjectKeyStore';
export * from './mongoSubjectKeyStore';
export * from './vault';
export * from './eventCodec';
export * from './publishedPersonalData';
