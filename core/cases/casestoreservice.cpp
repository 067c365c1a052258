#include "core/cases/casestoreservice.h"

#include <QDeadlineTimer>
#include <QThread>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

// Owns the store on the store's thread. It has no parent and dies there, through
// QThread::finished → deleteLater, so that the store's connection closes on its own thread.
class CaseStoreService::Worker : public QObject
{
    Q_OBJECT

public:
    std::unique_ptr<CaseStore> store;

Q_SIGNALS:
    void wrote();
};

CaseStoreService::CaseStoreService(QObject *parent)
    : QObject(parent), m_thread(new QThread), m_worker(new Worker)
{
    m_thread->setObjectName(u"sqlmend-case-store"_s);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Queued: the worker's signal crosses to this object's thread, and the connection goes away
    // with this object, so a job that ends after it never reaches a dead receiver.
    connect(m_worker, &Worker::wrote, this, &CaseStoreService::changed, Qt::QueuedConnection);
    m_thread->start();
}

CaseStoreService::~CaseStoreService()
{
    QThread *thread = m_thread;
    // Connected first: if the wait below gives up, the thread deletes itself once it ends (a
    // queued deletion that a successful wait's delete simply drops).
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    // Queued behind every job already posted, so each of them runs before the thread stops.
    QMetaObject::invokeMethod(
            m_worker, [thread] { thread->quit(); }, Qt::QueuedConnection);
    if (thread->wait(QDeadlineTimer(shutdownTimeoutMs)))
        delete thread;
}

void CaseStoreService::post(std::function<void(Worker &)> fn)
{
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker, [worker, fn = std::move(fn)] { fn(*worker); }, Qt::QueuedConnection);
}

CaseStore *CaseStoreService::store(Worker &worker)
{
    return worker.store && worker.store->isOpen() ? worker.store.get() : nullptr;
}

void CaseStoreService::notifyChanged(Worker &worker)
{
    Q_EMIT worker.wrote();
}

Failure CaseStoreService::notOpen()
{
    return {tr("The case store is not open."), u"not_open"_s};
}

QFuture<Result<Done>> CaseStoreService::open(const QString &location, const QString &password)
{
    auto promise = std::make_shared<QPromise<Result<Done>>>();
    QFuture<Result<Done>> future = promise->future();
    promise->start();
    post([promise, location, password](Worker &worker) {
        worker.store.reset();
        auto store = std::make_unique<CaseStore>();
        Result<Done> opened = store->open(location, password);
        if (opened)
            worker.store = std::move(store);
        promise->addResult(std::move(opened));
        // Views of the old store show a new one now.
        notifyChanged(worker);
        promise->finish();
    });
    return future;
}

QFuture<Result<QList<CaseRecord>>>
CaseStoreService::similarGoodCases(const QString &question, const QString &datasource, int k)
{
    return submit<QList<CaseRecord>>([question, datasource, k](CaseStore &store) {
        return store.similarGoodCases(question, datasource, k);
    });
}

QFuture<Result<std::optional<CachedFix>>> CaseStoreService::lookupFix(const FixKey &key)
{
    // A hit updates the hit count, but that is bookkeeping, not a change views show.
    return submit<std::optional<CachedFix>>(
            [key](CaseStore &store) { return store.lookupFix(key); });
}

QFuture<Result<Done>> CaseStoreService::forgetFix(const FixKey &key)
{
    return submit<Done>([key](CaseStore &store) { return store.forgetFix(key); }, true);
}

QFuture<Result<qint64>> CaseStoreService::saveAutoGoodCase(const GoodCaseCandidate &candidate)
{
    return submit<qint64>(
            [candidate](CaseStore &store) { return store.saveAutoGoodCase(candidate); }, true);
}

QFuture<Result<Done>> CaseStoreService::recordFix(const FixKey &key, const QString &fixedSql)
{
    return submit<Done>(
            [key, fixedSql](CaseStore &store) { return store.recordFix(key, fixedSql); }, true);
}

QFuture<Result<qint64>> CaseStoreService::addCase(const CaseRecord &record)
{
    return submit<qint64>([record](CaseStore &store) { return store.addCase(record); }, true);
}

QFuture<Result<qint64>> CaseStoreService::saveHistory(const QuestionTrace &trace)
{
    return submit<qint64>([trace](CaseStore &store) { return store.saveHistory(trace); }, true);
}

QFuture<Result<QuestionTrace>> CaseStoreService::loadHistory(qint64 id)
{
    return submit<QuestionTrace>([id](CaseStore &store) { return store.loadHistory(id); });
}

QFuture<Result<QList<QuestionTrace>>> CaseStoreService::listHistory(const HistoryFilter &filter,
                                                                    int limit)
{
    return submit<QList<QuestionTrace>>(
            [filter, limit](CaseStore &store) { return store.listHistory(filter, limit); });
}

} // namespace sqlmend::core

#include "casestoreservice.moc"
